# Cheaper entries into lldb's Python session, for every lldb run (hooks.ts imports it first).
#
# Each time lldb calls Python from C++ (every summary and synthetic provider a `variables` request
# reaches: the Rust toolchain's formatters, bpdiff's C++ ones), it first sets the session's globals by
# running one line through lldb.embedded_interpreter.run_one_line, looked up by name in __main__:
# "lldb.debugger_unique_id = 1; lldb.debugger = lldb.SBDebugger.FindDebuggerWithID (1)" and the like.
# run_one_line compiles that line anew each time through code.InteractiveConsole, which compiles it up
# to three times (codeop) with the warnings filters changed around each: 15% of lldb-dap's CPU in a
# Rust every-line walk (py-spy). Here a line made only of assignments to lldb's session names is
# compiled once and run as it is; anything else (a `script` command a user types, a line that fails)
# goes through lldb's own run_one_line, as before.
#
# Before each call of a Python provider, lldb also asks how many arguments the function takes, by
# inspect.signature (lldb's PythonCallable::GetArgInfo, which imports `signature` from inspect on its
# first call, after this module): 5% of lldb-dap's CPU in that walk, mostly for the providers' bound
# num_children. The signature of a plain function, or of a method bound to an instance of its class, is
# kept here while the function's code, defaults and keyword defaults are the same objects (a function
# that declares __signature__ or __wrapped__, and any other callable, is asked each time as before).
import inspect
import re
import types
import weakref

import __main__

_ASSIGNMENT = r"lldb\.[A-Za-z_]+ = [A-Za-z0-9_.() ]+"
_SESSION_LINE = re.compile(r"\s*%s(\s*;\s*%s)*\s*" % (_ASSIGNMENT, _ASSIGNMENT))
_MAX_KEPT = 64
_compiled = {}
_original = getattr(__main__, "run_one_line", None)


def run_one_line(local_dict, input_string):
    code = _compiled.get(input_string)
    if code is None:
        if len(_compiled) >= _MAX_KEPT or not isinstance(input_string, str) or not _SESSION_LINE.fullmatch(input_string):
            return _original(local_dict, input_string)
        try:
            code = compile(input_string, "<lldb session>", "exec")
        except SyntaxError:
            return _original(local_dict, input_string)
        _compiled[input_string] = code
    try:
        exec(code, local_dict)
    except Exception:
        # lldb's way: the same line, its error printed as lldb prints it.
        return _original(local_dict, input_string)
    return None


_signature = inspect.signature
_functions = weakref.WeakKeyDictionary()
_methods = weakref.WeakKeyDictionary()


def _plain(function):
    return (
        type(function) is types.FunctionType
        and "__signature__" not in function.__dict__
        and "__wrapped__" not in function.__dict__
    )


def signature(obj, *args, **kwargs):
    # A function, or a method bound to an instance (a provider's num_children): its signature is its
    # function's, without the first parameter, whatever the instance.
    if args or kwargs:
        return _signature(obj, *args, **kwargs)
    if type(obj) is types.MethodType and _plain(obj.__func__) and not isinstance(obj.__self__, type):
        function, kept_by = obj.__func__, _methods
    elif _plain(obj):
        function, kept_by = obj, _functions
    else:
        return _signature(obj)
    kept = kept_by.get(function)
    if (
        kept is not None
        and kept[0] is function.__code__
        and kept[1] is function.__defaults__
        and kept[2] is function.__kwdefaults__
    ):
        return kept[3]
    found = _signature(obj)
    kept_by[function] = (function.__code__, function.__defaults__, function.__kwdefaults__, found)
    return found


inspect.signature = signature

if callable(_original) and getattr(_original, "__module__", "") == "lldb.embedded_interpreter":
    __main__.run_one_line = run_one_line
