# bpdiffHits (bpdiff's streamed first-divergence walk, src/walk/hits-streamed.ts): the program runs on
# through up to `count` hits of its breakpoints, each one a hit exactly when a normal stop would be one
# (the condition and the hit condition checked by breakpoint_hit, as for a stop), and records there the
# texts a capture would compare (the locals, or none with `values: false`, and the `watch` expressions),
# written by texts.py's Texts as bpdiffSteps writes them. It stops on the last hit recorded: the answer
# is sent just before that stop's `stopped` event. Any other stop (a condition that cannot be evaluated,
# an uncaught exception) answers with the hits so far before its own event, and the program's end
# answers with `ended`. A batch that takes longer than `seconds` ends early, on the hit where it is.
import threading
import time

from .texts import Texts


class HitStream(object):
    def __init__(self, arguments, value_text, evaluate, respond):
        self.count = max(1, int(arguments.get("count", 0) or 1))
        self.texts = Texts(arguments, value_text)
        self.with_values = arguments.get("values", True) is not False
        self.watch = [text for text in arguments.get("watch") or [] if isinstance(text, str)]
        self.evaluate = evaluate
        self.respond = respond
        seconds = arguments.get("seconds")
        self.deadline = time.monotonic() + float(seconds) if seconds else None
        self.hits = []
        self.closed = False
        # The thread whose hit is being written: code its reprs or watch expressions run meets no breakpoint.
        self.writing = None
        self._lock = threading.Lock()
        self._new = 0

    def record(self, frame, current=False):
        """'recorded' (the program goes on), 'full' (the batch ends on this hit: the caller stops there,
        answering first) or 'closed' (answered already: the caller stops as without a stream)."""
        with self._lock:
            if self.closed:
                return "closed"
            self.writing = threading.get_ident()
            try:
                self.hits.append(self.texts_of(frame))
            finally:
                self.writing = None
            if current:
                return "recorded"
            self._new += 1
            if self._new >= self.count or (self.deadline is not None and time.monotonic() > self.deadline):
                self.closed = True
                return "full"
            return "recorded"

    def texts_of(self, frame):
        hit = {"values": self.texts.values(frame.f_locals) if self.with_values else {}}
        if self.watch:
            watched = {}
            for expression in self.watch:
                ok, value = self.evaluate(expression, frame)
                # The type's name beside the text: finer than the `result` an evaluate answers.
                watched[expression] = self.texts.shorten("%s: %s" % (type(value).__name__, self.texts.masked_text(value))) if ok else "<error> " + value
            hit["watch"] = watched
        return hit

    def answer(self, ended=None, last=False):
        """`last`: the program stops on the last hit recorded (else on another stop, or it ended)."""
        with self._lock:
            self.closed = True
            hits = self.hits
            self.hits = []
        self.respond({"hits": hits, "last": last, "ended": ended})
