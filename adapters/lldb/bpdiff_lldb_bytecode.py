# Imported by lldb-dap (an initCommand of bpdiff's, `command script import`) while bpdiff's bytecode
# folder for this lldb is not yet filled: writes the bytecode of every Python module lldb's embedded
# interpreter has loaded into sys.pycache_prefix (PYTHONPYCACHEPREFIX, a folder of bpdiff's cache),
# then the marker file bpdiff looks for. Later lldb-dap starts read the bytecode from there.
#
# Why: lldb sets sys.dont_write_bytecode, and its Python package (lldb/__init__.py, ~700 KB of SWIG
# wrappers) has no __pycache__ a user can write, so every lldb-dap start compiled it again before it
# answered `initialize`: ~65 ms of a ~135 ms start, and CPU the other run needs. A bytecode file is
# used only while its source's mtime and size are those it was compiled from (Python checks), so an
# upgraded lldb is never run from stale bytecode.
import os
import py_compile
import sys

MARKER = "bpdiff-bytecode-written"


def _write_bytecode():
    prefix = sys.pycache_prefix
    if not prefix:
        return
    # This file and bpdiff's other helpers are copies in the run's own folder, gone after the run.
    run_folder = os.path.dirname(os.path.abspath(__file__))
    for module in list(sys.modules.values()):
        source = getattr(module, "__file__", None)
        if not isinstance(source, str) or not source.endswith(".py") or not os.path.isfile(source):
            continue
        if os.path.dirname(os.path.abspath(source)) == run_folder:
            continue
        try:
            py_compile.compile(source, doraise=True)
        except Exception:
            # A module whose bytecode cannot be written is compiled at each start, as without bpdiff.
            pass
    try:
        with open(os.path.join(prefix, MARKER), "w") as marker:
            marker.write(sys.version)
    except OSError:
        pass


_write_bytecode()
