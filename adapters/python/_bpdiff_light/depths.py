# The stack's depth at each line a step streams (bpdiffSteps), known without walking the stack at each
# line: a recursion 10,000 deep walked line by line costs the same a line as one 10 deep (issue 32).
# The tracing backends tell the step when a frame of the client's roots starts or resumes (entered) and
# when it returns, yields or is unwound by an exception (left); the step keeps, for each such frame on
# the thread's stack, innermost last, its two depths: the frames in the roots, and the stack's frames as
# stackTrace's totalFrames counts them (the adapter's own left out). A frame that starts is counted from
# the innermost frame kept, the library's frames between them walked: that is all a call walks, never
# the stack below. A frame is kept only while it is on the stack (dropped when it leaves it): a frame
# held here after its function returned would keep its locals alive, and a `__del__` or a weakref's
# callback would run later than without bpdiff. Frames are known by identity while kept, never by id
# (an id is reused once a frame is freed). Where the frames kept do not lead to the one met (an event
# missed: a frame started while the backend's events were off for its code), the stack is walked once
# more and kept anew: slower there, never wrong.


class Depths(object):
    def __init__(self, is_root, is_own, frame):
        self.is_root = is_root
        self.is_own = is_own
        # [(frame, depth in the roots, frames)], outermost first: the roots' frames on the stack.
        self.kept = []
        self.walk(frame)

    def walk(self, frame):
        """The whole stack under `frame` walked, its roots' frames kept anew; (depth, frames) at `frame`."""
        chain = []
        outer = frame
        while outer is not None:
            chain.append(outer)
            outer = outer.f_back
        depth = frames = 0
        kept = []
        for one in reversed(chain):
            filename = one.f_code.co_filename
            own = self.is_own(filename)
            if not own:
                frames += 1
            if self.is_root(filename):
                depth += 1
                # The adapter's own frames are told to no step: one kept would never be let go.
                if not own:
                    kept.append((one, depth, frames))
        self.kept = kept
        return depth, frames

    def entered(self, frame):
        """A frame of the roots starts or resumes: its depths, from the innermost kept frame under it."""
        kept = self.kept
        top = kept[-1] if kept else None
        if top is not None and top[0] is frame:
            return
        depth = frames = 0
        outer = frame
        below = top[0] if top is not None else None
        while outer is not None and outer is not below:
            filename = outer.f_code.co_filename
            if self.is_root(filename):
                depth += 1
            if not self.is_own(filename):
                frames += 1
            outer = outer.f_back
        if outer is None and top is not None:
            # The innermost frame kept is not under this one: it left unseen. The stack tells it all again.
            self.walk(frame)
            return
        if top is not None:
            depth += top[1]
            frames += top[2]
        kept.append((frame, depth, frames))

    def left(self, frame):
        """A frame of the roots returns, yields or is unwound: it is kept no more."""
        kept = self.kept
        if kept and kept[-1][0] is frame:
            kept.pop()
            return
        # Only where an event was missed: the frames kept above it have left too.
        for index in range(len(kept) - 2, -1, -1):
            if kept[index][0] is frame:
                del kept[index:]
                return

    def at(self, frame):
        """(depth in the roots, frames) at a line of `frame`, a frame of the roots."""
        kept = self.kept
        if not kept or kept[-1][0] is not frame:
            self.entered(frame)
            kept = self.kept
        return kept[-1][1], kept[-1][2]
