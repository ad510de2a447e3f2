"""A Dask worker's start on a local cluster Card Table made (imported only with the cluster extra, by
:class:`core.executors.DaskCluster` and by the workers it sends this to)."""

from __future__ import annotations

from typing import Any

from distributed import WorkerPlugin

from core.executors import stdout_to_stderr


class StdoutToStderr(WorkerPlugin):
    """Each worker of the cluster, the ones its nannies start again after a worker died too, writes nothing to
    standard output, which is the run's (a worker restarted mid-run printed a plugin's words into the CSV)."""

    name = "cardtable-stdout-to-stderr"

    def setup(self, worker: Any) -> None:
        stdout_to_stderr()
