"""A Dask worker's start on a local cluster Card Table made (imported only with the cluster extra, by
:class:`core.executors.DaskCluster` and by the workers it sends this to)."""

from __future__ import annotations

import logging
from typing import Any

from distributed import WorkerPlugin

from core.executors import stdout_to_stderr


def _not_the_scheduler_gone(record: logging.LogRecord) -> bool:
    """False for a worker's traceback of a connection that closed under it. A local cluster's scheduler lives in
    the run's own process, so it goes only as the run closes it, after Ctrl-C or at the end; a heartbeat in flight
    then printed "Failed to communicate with scheduler during heartbeat." and a traceback above the run's summary.
    (A worker that dies mid-run is said by the run itself.)"""
    return not (record.exc_info and isinstance(record.exc_info[1], OSError))


class LocalWorker(WorkerPlugin):
    """Each worker of the cluster, the ones its nannies start again after a worker died too, writes nothing to
    standard output, which is the run's (a worker restarted mid-run printed a plugin's words into the CSV), and
    no traceback of the scheduler closing to standard error, which is the person's."""

    name = "cardtable-local-worker"

    def setup(self, worker: Any) -> None:
        stdout_to_stderr()
        for handler in logging.getLogger("distributed").handlers:
            handler.addFilter(_not_the_scheduler_gone)
