#!/bin/sh
# Runs a release of Orca from its source, for tools/orca_check.py, where the system has another Orca (Debian 12
# has 43.1). Usage, with a clone of https://gitlab.gnome.org/GNOME/orca (or GitHub's GNOME/orca mirror):
#
#     tools/orca_from_source.sh ORCA_CLONE TAG PREFIX      e.g.  ~/orca ORCA_47_2 /opt/orca47.2
#     PATH=PREFIX/bin:$PATH PYTHONPATH=PREFIX/shim xvfb-run -a -s "-screen 0 1280x900x24" dbus-run-session -- \
#         sh -c 'openbox & python tools/orca_check.py yukon'
#
# It copies the tag's src/orca under PREFIX and fills in the three files the build would (orca_platform.py,
# which Card Table reads the version from, orca_i18n.py and the orca script); no build, no install into the
# system. Orca 46 to 48 ask AT-SPI for two functions it has only from 2.50 (Atspi.get_version and
# Atspi.role_get_localized_name): PREFIX/shim/sitecustomize.py gives Orca's Python the version as (2, 46, 0) and
# the plain role name for the localized one, which changes no event Orca hears. Tried here: 45.2 (no shim
# needed), 46.2, 47.2 and 48.9 present everything; 49.7 starts but handles no event on AT-SPI 2.46; 50 needs
# AT-SPI 2.56 and dasbus.
set -e
[ $# -eq 3 ] || { echo "usage: $0 ORCA_CLONE TAG PREFIX" >&2; exit 2; }
CLONE=$1; TAG=$2; P=$3
VERSION=$(echo "$TAG" | sed 's/^ORCA_//; s/_/./g')
rm -rf "$P" && mkdir -p "$P/bin" "$P/lib/python3/dist-packages" "$P/shim"
git -C "$CLONE" archive "$TAG" src/orca | tar -x -C "$P" --strip-components=1 -f - && mv "$P/orca" "$P/lib/python3/dist-packages/"
D=$P/lib/python3/dist-packages/orca
sed -e "s|@VERSION@|$VERSION|; s|@prefix@|$P|g; s|@datadir@|$P/share|; s|@LOUIS_TABLE_DIR@|/usr/share/liblouis/tables|;
        s|@PACKAGE@|orca|; s|@[A-Z_]*@||g" "$D/orca_platform.py.in" > "$D/orca_platform.py"
sed -e "s|@localedir@|/usr/share/locale|; s|@prefix@|/usr|g; s|@GETTEXT_PACKAGE@|orca|" "$D/orca_i18n.py.in" > "$D/orca_i18n.py"
sed -e "s|@PYTHON@|/usr/bin/python3|; s|@prefix@|$P|g; s|@pythondir@|$P/lib/python3/dist-packages|;
        s|@PYTHON_PREFIX@|$P|; s|@libdir@|$P/lib/python3/dist-packages|" "$D/orca_bin.py.in" > "$P/bin/orca"
chmod +x "$P/bin/orca"
cat > "$P/shim/sitecustomize.py" <<'PY'
"""Orca 46-48 on AT-SPI before 2.50 (see tools/orca_from_source.sh)."""
try:
    import gi

    gi.require_version("Atspi", "2.0")
    from gi.repository import Atspi

    if not hasattr(Atspi, "get_version"):
        Atspi.get_version = lambda: (2, 46, 0)
    if not hasattr(Atspi, "role_get_localized_name"):
        Atspi.role_get_localized_name = Atspi.role_get_name
except Exception:
    pass
PY
echo "Orca $VERSION at $P: PATH=$P/bin:\$PATH PYTHONPATH=$P/shim"
