// What a stop shows: threads, stack frames, scopes (Locals; the class's static fields as Static,
// expensive), variables (paged, with evaluateName in Java syntax) and evaluate. Handles (frame ids,
// variablesReference) and the value texts read for them live until the program runs again.
package bpdiff.jdap;

import com.sun.jdi.AbsentInformationException;
import com.sun.jdi.Field;
import com.sun.jdi.LocalVariable;
import com.sun.jdi.Location;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.StackFrame;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.Value;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

final class Inspector {
  private record FrameRef(VmSession jvm, ThreadReference thread, int index) {}

  private record LocalsRef(FrameRef frame) {}

  private record StaticsRef(FrameRef frame, ReferenceType type) {}

  private record ValueRef(FrameRef frame, Object value, String evaluateName) {}

  private final Debugger debugger;
  private final Map<Integer, Object> handles = new HashMap<>();
  private final Map<ThreadReference, Render> renders = new HashMap<>();
  private final Set<ReferenceType> warnedNoLocals = new HashSet<>();
  private int next = 1;
  /** The value the shown stop's step left its frame with (bpdiffReturns), and the thread it stopped. */
  private ThreadReference returnedTo;
  private Returns.Returned returned;

  Inspector(Debugger debugger) {
    this.debugger = debugger;
  }

  synchronized void clear() {
    handles.clear();
    renders.clear();
    returnedTo = null;
    returned = null;
  }

  /** A stop is shown: the value its step's frame returned (null: none), among its top frame's locals. */
  synchronized void showReturned(ThreadReference thread, Returns.Returned value) {
    returnedTo = value == null ? null : thread;
    returned = value;
  }

  private int handle(Object target) {
    int id = next++;
    handles.put(id, target);
    return id;
  }

  private Render render(FrameRef frame) {
    return renders.computeIfAbsent(frame.thread(), thread -> new Render(thread, debugger.invokeToString()));
  }

  synchronized List<Object> threads() {
    List<Object> out = new ArrayList<>();
    for (VmSession jvm : debugger.jvms) {
      try {
        for (ThreadReference thread : jvm.vm.allThreads()) {
          out.add(Json.object("id", debugger.threads.idOf(jvm, thread), "name", "java " + jvm.pid() + " " + thread.name()));
        }
      } catch (RuntimeException e) {
        // a JVM going away
      }
    }
    return out;
  }

  synchronized Map<String, Object> stackTrace(int threadId, int start, int levels) throws Exception {
    Threads.Entry entry = debugger.threads.entry(threadId);
    if (entry == null) throw new Exception("unknown thread " + threadId);
    ThreadReference thread = entry.thread();
    // One round trip for the whole stack; JDI keeps it while the thread stays suspended.
    List<StackFrame> stack = thread.frames();
    int total = stack.size();
    int end = levels <= 0 ? total : Math.min(total, start + levels);
    List<Object> frames = new ArrayList<>();
    List<Breakpoint.SourceFile> files = debugger.breakpointFiles();
    for (int i = start; i < end; i++) {
      Location location = stack.get(i).location();
      String name = Jdi.simpleName(location.declaringType().name()) + "." + location.method().name();
      int id = handle(new FrameRef(entry.jvm(), thread, i));
      Map<String, Object> source = debugger.sources.sourceOf(location, files);
      frames.add(Json.object("id", id, "name", name, "source", source, "line", Math.max(0, location.lineNumber()), "column", source == null ? 0 : 1));
    }
    return Json.object("stackFrames", frames, "totalFrames", total);
  }

  synchronized List<Object> scopes(int frameId) throws Exception {
    FrameRef frame = frame(frameId);
    ReferenceType type = frame.thread().frame(frame.index()).location().declaringType();
    List<Object> scopes = new ArrayList<>();
    scopes.add(Json.object("name", "Locals", "presentationHint", "locals", "variablesReference", handle(new LocalsRef(frame)), "expensive", false));
    scopes.add(Json.object("name", "Static", "variablesReference", handle(new StaticsRef(frame, type)), "expensive", true));
    return scopes;
  }

  private FrameRef frame(int frameId) throws Exception {
    if (!(handles.get(frameId) instanceof FrameRef frame)) throw new Exception("unknown frame " + frameId + " (the program ran on since)");
    return frame;
  }

  synchronized List<Object> variables(int reference, String filter, int start, int count) throws Exception {
    Object target = handles.get(reference);
    if (target == null) throw new Exception("unknown variablesReference " + reference + " (the program ran on since)");
    int limit = count > 0 ? count : Integer.MAX_VALUE;
    List<Object> out = new ArrayList<>();
    if (target instanceof LocalsRef locals) {
      if (!"indexed".equals(filter)) locals(locals.frame(), out);
    } else if (target instanceof StaticsRef statics) {
      if (!"indexed".equals(filter)) {
        String owner = Jdi.simpleName(statics.type().name());
        for (Field field : statics.type().fields()) {
          if (!field.isStatic() || field.isSynthetic()) continue;
          out.add(variable(statics.frame(), field.name(), Jdi.local(statics.type().getValue(field)), owner + "." + field.name(), field.typeName()));
        }
      }
    } else if (target instanceof ValueRef value && value.value() instanceof ObjectReference object) {
      Render render = render(value.frame());
      Shape shape = render.shape(object);
      boolean indexed = shape.indexed() >= 0;
      if ((indexed && "named".equals(filter)) || (!indexed && "indexed".equals(filter))) return out;
      for (Children.Child child : render.children(shape, value.evaluateName(), Math.max(0, start), limit)) {
        out.add(variable(value.frame(), child.name(), child.value(), child.evaluateName(), child.declaredType()));
      }
    }
    return out;
  }

  private void locals(FrameRef ref, List<Object> out) throws Exception {
    StackFrame frame = ref.thread().frame(ref.index());
    ObjectReference self = frame.thisObject();
    if (self != null) out.add(variable(ref, "this", self, "this", self.referenceType().name()));
    try {
      List<LocalVariable> visible = frame.visibleVariables();
      Map<LocalVariable, Value> values = frame.getValues(visible);
      for (LocalVariable local : visible) out.add(variable(ref, local.name(), Jdi.local(values.get(local)), local.name(), local.typeName()));
    } catch (AbsentInformationException e) {
      // Compiled without -g: the arguments have values but no names.
      List<Value> args = frame.getArgumentValues();
      List<String> types = frame.location().method().argumentTypeNames();
      for (int i = 0; i < args.size(); i++) out.add(variable(ref, "arg" + i, Jdi.local(args.get(i)), null, types.get(i)));
      ReferenceType type = frame.location().declaringType();
      if (warnedNoLocals.add(type)) {
        debugger.output("console", Jdi.simpleName(type.name()) + " has no local variable names (it was compiled without -g): only its arguments are shown, as arg0, arg1...\n");
      }
    }
    // Not a name Java code can write, so no evaluateName.
    if (ref.index() == 0 && returned != null && ref.thread().equals(returnedTo)) {
      out.add(variable(ref, "(return) " + returned.method(), Jdi.local(returned.value()), null, returned.type()));
    }
  }

  private Map<String, Object> variable(FrameRef frame, String name, Object value, String evaluateName, String declaredType) {
    Render render = render(frame);
    String text;
    String type;
    int reference = 0;
    Integer indexed = null;
    try {
      text = render.text(value);
      type = Render.type(value, declaredType);
      if (value instanceof ObjectReference object) {
        Shape shape = render.shape(object);
        if (shape.hasChildren()) {
          reference = handle(new ValueRef(frame, object, evaluateName == null ? "" : evaluateName));
          if (shape.indexed() >= 0) indexed = shape.indexed();
        }
      }
    } catch (RuntimeException e) {
      text = "<error: " + e.getClass().getSimpleName() + (e.getMessage() != null ? ": " + e.getMessage() : "") + ">";
      type = declaredType;
    }
    return Json.object("name", name, "value", text, "type", type, "variablesReference", reference, "evaluateName", evaluateName, "indexedVariables", indexed);
  }

  synchronized Map<String, Object> evaluate(String expression, int frameId) throws Exception {
    FrameRef frame = frame(frameId);
    Expr expr = ExprParser.parse(expression);
    Object value = new Evaluator(frame.thread(), frame.index(), render(frame)).value(expr);
    // Children of `a + b` are `(a + b)[0]`, not `a + b[0]`.
    String trimmed = expression.trim();
    String parent = trimmed.chars().allMatch(c -> Character.isJavaIdentifierPart(c) || c == '.' || c == '[' || c == ']' || c == '"') ? trimmed : "(" + trimmed + ")";
    Map<String, Object> variable = variable(frame, expression, value, parent, null);
    return Json.object("result", variable.get("value"), "type", variable.get("type"), "variablesReference", variable.get("variablesReference"), "indexedVariables", variable.get("indexedVariables"));
  }
}
