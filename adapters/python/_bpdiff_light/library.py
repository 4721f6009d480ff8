# justMyCode: the program's own code as pydevd tells it from the library's, where a step must not
# stop: the standard library and the site-packages folders of this interpreter (sysconfig's paths,
# site's), and code without a file (`<frozen runpy>`, `<string>` of the interpreter's own).
import os
import site
import sysconfig


def _library_roots():
    roots = set()
    for name in ("stdlib", "platstdlib", "purelib", "platlib"):
        try:
            roots.add(sysconfig.get_paths()[name])
        except Exception:
            pass
    try:
        roots.update(site.getsitepackages())
    except Exception:
        pass
    try:
        roots.add(site.getusersitepackages())
    except Exception:
        pass
    found = set()
    for root in roots:
        if root:
            for form in (os.path.abspath(root), os.path.realpath(root)):
                found.add(form.rstrip(os.sep) + os.sep)
    return tuple(sorted(found))


class UserCode(object):
    """Whether a code object's file is the program's own (cached by filename)."""

    def __init__(self, path_of):
        self.path_of = path_of
        self.roots = _library_roots()
        self._known = {}

    def __call__(self, filename):
        known = self._known.get(filename)
        if known is None:
            if filename.startswith("<"):
                known = False
            else:
                path = self.path_of(filename)
                known = not any(form.startswith(self.roots) for form in (path, os.path.realpath(path)))
            self._known[filename] = known
        return known
