# The value a function returned, for the walk by effects (adapter.json locate.returned.read):
# cdt-gdb-adapter shows none after a step (gdb's MI gives it after -exec-finish only, and the adapter
# does not pass it on). $bpdiff_returns_arm(), which a walk's step that asks for it evaluates first,
# sets a gdb.FinishBreakpoint on the frame the thread stands in: when that frame returns, gdb reads
# the value as its own `finish` does into $bpdiff_returned, and the program goes on unstopped, the
# step with it. The walk evaluates $bpdiff_returned_arm() at its next stop of the user's code, in the
# repl (gdb's print), which also watches the frame that stop stands in.
# It is void where the function returns nothing, or a struct (which cdt-gdb-adapter's evaluate writes
# `{...}`, alike in every run: the walk then says the value was not read), or where the frame did not
# return during the step (an exception or a longjmp left it). $bpdiff_returns_off() removes the breakpoint before the run goes on to a later pass.
# bpdiff_gdb.py imports this file.
import gdb

_STATE = {"breakpoint": None}
_SCALARS = (
    gdb.TYPE_CODE_INT,
    gdb.TYPE_CODE_FLT,
    gdb.TYPE_CODE_BOOL,
    gdb.TYPE_CODE_CHAR,
    gdb.TYPE_CODE_ENUM,
    gdb.TYPE_CODE_PTR,
)


class _Returned(gdb.FinishBreakpoint):
    def __init__(self, frame):
        super(_Returned, self).__init__(frame, internal=True)

    def stop(self):
        value = self.return_value
        # A struct reads `{...}` through cdt-gdb-adapter's evaluate, alike in every run: not read.
        if value is not None and value.type.strip_typedefs().code in _SCALARS:
            gdb.set_convenience_variable("bpdiff_returned", value)
        return False

    def out_of_scope(self):
        pass


def _off():
    _STATE["frame"] = None
    breakpoint, _STATE["breakpoint"] = _STATE["breakpoint"], None
    if breakpoint is not None and breakpoint.is_valid():
        breakpoint.delete()


class _ReturnsArm(gdb.Function):
    """$bpdiff_returns_arm(): 1 where the frame the thread stands in is watched for its return, else 0."""

    def __init__(self):
        super(_ReturnsArm, self).__init__("bpdiff_returns_arm")

    def invoke(self):
        gdb.set_convenience_variable("bpdiff_returned", None)
        try:
            frame = gdb.selected_frame()
            # The frame watched already (the walk's steps over its lines): its breakpoint stands.
            kept = _STATE["breakpoint"]
            if kept is not None and kept.is_valid() and _STATE.get("frame") == frame:
                return 1
            _off()
            if frame.older() is None:
                return 0
            _STATE["breakpoint"] = _Returned(frame)
            _STATE["frame"] = frame
        except (gdb.error, ValueError):
            return 0
        return 1


class _ReturnedArm(gdb.Function):
    """$bpdiff_returned_arm(): the value the watched frame returned (void: none), and the frame the stop
    stands in watched from here, for the walk's next step (one evaluation a step instead of two)."""

    def __init__(self):
        super(_ReturnedArm, self).__init__("bpdiff_returned_arm")

    def invoke(self):
        value = gdb.convenience_variable("bpdiff_returned")
        _ARM.invoke()
        return value if value is not None else gdb.Value(0).cast(gdb.lookup_type("void"))


class _ReturnsOff(gdb.Function):
    """$bpdiff_returns_off(): no frame is watched (0)."""

    def __init__(self):
        super(_ReturnsOff, self).__init__("bpdiff_returns_off")

    def invoke(self):
        _off()
        return 0


_ARM = _ReturnsArm()
_ReturnedArm()
_ReturnsOff()
