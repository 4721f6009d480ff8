// The yardstick for bench/java-pair.ts: one capture by the smallest JDI program that does the same
// work as bpdiff's Java adapter (listen on port 0, start the program with the JDWP agent in
// JAVA_TOOL_OPTIONS, bind a breakpoint when its class loads, read the frame's variables to a depth,
// kill the program), with none of the adapter's (no DAP, no value texts, no conditions).
// Usage: java MinimalJdiCapture FILE LINE DEPTH -- COMMAND...
import com.sun.jdi.ArrayReference;
import com.sun.jdi.Bootstrap;
import com.sun.jdi.Field;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.StackFrame;
import com.sun.jdi.StringReference;
import com.sun.jdi.Value;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.connect.Connector;
import com.sun.jdi.connect.ListeningConnector;
import com.sun.jdi.event.BreakpointEvent;
import com.sun.jdi.event.ClassPrepareEvent;
import com.sun.jdi.event.Event;
import com.sun.jdi.event.EventSet;
import com.sun.jdi.request.BreakpointRequest;
import com.sun.jdi.request.ClassPrepareRequest;
import com.sun.jdi.request.EventRequest;
import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

public class MinimalJdiCapture {
  static int count;

  public static void main(String[] args) throws Exception {
    if (args.length == 0) return; // the class-data archive's warm-up run
    String file = args[0];
    int line = Integer.parseInt(args[1]);
    int depth = Integer.parseInt(args[2]);
    List<String> command = Arrays.asList(args).subList(4, args.length);
    ListeningConnector connector = null;
    for (ListeningConnector c : Bootstrap.virtualMachineManager().listeningConnectors()) if (c.name().equals("com.sun.jdi.SocketListen")) connector = c;
    Map<String, Connector.Argument> arguments = connector.defaultArguments();
    arguments.get("port").setValue("0");
    arguments.get("localAddress").setValue("127.0.0.1");
    String address = connector.startListening(arguments);
    String port = address.substring(address.lastIndexOf(':') + 1);
    ProcessBuilder builder = new ProcessBuilder(command).redirectInput(new File("/dev/null")).redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
    builder.environment().put("JAVA_TOOL_OPTIONS", "-agentlib:jdwp=transport=dt_socket,server=n,address=127.0.0.1:" + port + ",suspend=y");
    Process program = builder.start();
    VirtualMachine vm = connector.accept(arguments);
    ClassPrepareRequest prepare = vm.eventRequestManager().createClassPrepareRequest();
    prepare.addSourceNameFilter(new File(file).getName());
    prepare.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
    prepare.enable();
    // The VM start event's set is resumed in the loop below (a vm.resume() here as well would resume
    // the main thread again later, after its class prepare event suspended it).
    try {
      for (;;) {
        EventSet set = vm.eventQueue().remove();
        for (Event event : set) {
          if (event instanceof ClassPrepareEvent prepared) {
            for (var location : prepared.referenceType().locationsOfLine(line)) {
              BreakpointRequest request = vm.eventRequestManager().createBreakpointRequest(location);
              request.setSuspendPolicy(EventRequest.SUSPEND_ALL);
              request.enable();
            }
          } else if (event instanceof BreakpointEvent hit) {
            StackFrame frame = hit.thread().frame(0);
            Map<com.sun.jdi.LocalVariable, Value> values = frame.getValues(frame.visibleVariables());
            for (Value value : values.values()) read(value, depth);
            System.out.println(count + " variables");
            return;
          }
        }
        set.resume();
      }
    } finally {
      program.descendants().forEach(ProcessHandle::destroyForcibly);
      program.destroyForcibly();
      connector.stopListening(arguments);
    }
  }

  static void read(Value value, int depth) {
    count++;
    if (depth <= 0 || !(value instanceof ObjectReference object)) return;
    if (object instanceof StringReference s) {
      s.value();
    } else if (object instanceof ArrayReference array) {
      for (Value element : array.getValues(0, Math.min(array.length(), 100))) read(element, depth - 1);
    } else {
      List<Field> fields = new ArrayList<>();
      for (Field field : object.referenceType().allFields()) if (!field.isStatic()) fields.add(field);
      for (Value field : object.getValues(fields).values()) read(field, depth - 1);
    }
  }
}
