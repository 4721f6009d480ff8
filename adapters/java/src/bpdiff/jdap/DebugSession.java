// DAP requests -> Debugger calls -> responses and events. Request order: initialize (the
// `initialized` event follows its response) -> launch or attach -> setBreakpoints /
// setExceptionBreakpoints -> configurationDone; no JVM runs the program's code before
// configurationDone.
package bpdiff.jdap;

import com.sun.jdi.request.StepRequest;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

final class DebugSession {
  private final DapConnection dap;
  private final Debugger debugger;

  DebugSession(DapConnection dap, Debugger debugger) {
    this.dap = dap;
    this.debugger = debugger;
  }

  @SuppressWarnings("unchecked")
  void handle(Map<String, Object> request) {
    if (!"request".equals(request.get("type"))) return;
    String command = String.valueOf(request.get("command"));
    Map<String, Object> args = request.get("arguments") instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
    // A switch to one method per request, not a map of handlers: the first lambda or method
    // reference costs a cold JVM tens of milliseconds (see Main).
    try {
      switch (command) {
        case "initialize" -> initialize(request);
        case "launch" -> launch(request, args);
        case "attach" -> attach(request, args);
        case "setBreakpoints" -> setBreakpoints(request, args);
        case "setExceptionBreakpoints" -> setExceptionBreakpoints(request, args);
        case "setFunctionBreakpoints" -> setFunctionBreakpoints(request, args);
        case "setDataBreakpoints", "setInstructionBreakpoints" -> dap.sendResponse(request, Json.object("breakpoints", List.of()));
        case "configurationDone" -> configurationDone(request);
        case "threads" -> threads(request);
        case "stackTrace" -> stackTrace(request, args);
        case "scopes" -> scopes(request, args);
        case "variables" -> variables(request, args);
        case "evaluate" -> evaluate(request, args);
        case "continue" -> resume(request, args);
        case "next" -> step(request, args, StepRequest.STEP_OVER);
        case "stepIn" -> step(request, args, StepRequest.STEP_INTO);
        case "stepOut" -> step(request, args, StepRequest.STEP_OUT);
        case "pause" -> pause(request, args);
        case "exceptionInfo" -> exceptionInfo(request);
        case "disconnect" -> disconnect(request, args);
        case "terminate" -> terminate(request);
        default -> dap.sendError(request, "unrecognized request '" + command + "'");
      }
    } catch (Exception | StackOverflowError e) {
      String message = e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
      dap.sendError(request, message);
    }
  }

  private void initialize(Map<String, Object> request) {
    dap.sendResponse(request, capabilities());
    dap.sendEvent("initialized", Json.object());
  }

  private void launch(Map<String, Object> request, Map<String, Object> args) {
    try {
      debugger.launch(LaunchConfig.parse(args, debugger.adapterCwd));
    } catch (LaunchConfig.Invalid | ProgramProcess.StartError e) {
      dap.sendError(request, e.getMessage());
      dap.sendEvent("terminated", Json.object());
      return;
    }
    dap.sendResponse(request, null);
  }

  private void attach(Map<String, Object> request, Map<String, Object> args) throws IOException {
    int port = number(args, "port");
    if (port <= 0) throw new IllegalArgumentException("attach needs 'port' (the JVM's -agentlib:jdwp=transport=dt_socket,server=y,address=PORT)");
    String host = args.get("hostName") instanceof String h ? h : "127.0.0.1";
    Path cwd = args.get("cwd") instanceof String c ? debugger.adapterCwd.resolve(c) : debugger.adapterCwd;
    debugger.attach(host, port, cwd, Boolean.TRUE.equals(args.get("invokeToString")));
    dap.sendResponse(request, null);
  }

  @SuppressWarnings("unchecked")
  private void setBreakpoints(Map<String, Object> request, Map<String, Object> args) {
    Map<String, Object> source = args.get("source") instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
    if (!(source.get("path") instanceof String path)) throw new IllegalArgumentException("setBreakpoints needs source.path");
    List<Object> result = debugger.setBreakpoints(debugger.adapterCwd.resolve(path).normalize(), specs(args));
    dap.sendResponse(request, Json.object("breakpoints", result));
  }

  private void setExceptionBreakpoints(Map<String, Object> request, Map<String, Object> args) {
    Set<String> filters = new HashSet<>();
    if (args.get("filters") instanceof List<?> list) for (Object filter : list) filters.add(String.valueOf(filter));
    debugger.setExceptionFilters(filters);
    dap.sendResponse(request, Json.object("breakpoints", List.of()));
  }

  private void setFunctionBreakpoints(Map<String, Object> request, Map<String, Object> args) {
    dap.sendResponse(request, Json.object("breakpoints", debugger.setFunctionBreakpoints(specs(args))));
  }

  private void configurationDone(Map<String, Object> request) {
    debugger.configurationDone();
    dap.sendResponse(request, null);
  }

  private void threads(Map<String, Object> request) {
    dap.sendResponse(request, Json.object("threads", debugger.inspector.threads()));
  }

  private void stackTrace(Map<String, Object> request, Map<String, Object> args) throws Exception {
    dap.sendResponse(request, debugger.inspector.stackTrace(number(args, "threadId"), number(args, "startFrame"), number(args, "levels")));
  }

  private void scopes(Map<String, Object> request, Map<String, Object> args) throws Exception {
    dap.sendResponse(request, Json.object("scopes", debugger.inspector.scopes(number(args, "frameId"))));
  }

  private void variables(Map<String, Object> request, Map<String, Object> args) throws Exception {
    String filter = args.get("filter") instanceof String f ? f : null;
    List<Object> variables = debugger.inspector.variables(number(args, "variablesReference"), filter, number(args, "start"), number(args, "count"));
    dap.sendResponse(request, Json.object("variables", variables));
  }

  private void evaluate(Map<String, Object> request, Map<String, Object> args) throws Exception {
    if (!args.containsKey("frameId")) throw new IllegalArgumentException("evaluate needs a frameId: expressions are evaluated in a stopped frame");
    dap.sendResponse(request, debugger.inspector.evaluate(String.valueOf(args.get("expression")), number(args, "frameId")));
  }

  private void resume(Map<String, Object> request, Map<String, Object> args) {
    debugger.resume(number(args, "threadId"), null, false);
    dap.sendResponse(request, Json.object("allThreadsContinued", true));
    debugger.announcePending();
  }

  /** next, stepIn and stepOut: one JDI step of the given depth (bpdiffReturns: bpdiff's own, see Returns). */
  private void step(Map<String, Object> request, Map<String, Object> args, int depth) {
    debugger.resume(number(args, "threadId"), depth, Boolean.TRUE.equals(args.get("bpdiffReturns")));
    dap.sendResponse(request, null);
    debugger.announcePending();
  }

  private void pause(Map<String, Object> request, Map<String, Object> args) {
    dap.sendResponse(request, null);
    debugger.pause(number(args, "threadId"));
  }

  private void exceptionInfo(Map<String, Object> request) {
    Debugger.Stop stop = debugger.shownStop();
    if (stop == null || stop.exception() == null) throw new IllegalStateException("the program is not stopped on an exception");
    Debugger.ExceptionInfo info = stop.exception();
    Map<String, Object> details = Json.object("typeName", info.type(), "message", info.message(), "stackTrace", info.stackTrace());
    dap.sendResponse(request, Json.object("exceptionId", info.type(), "description", info.message(), "breakMode", info.breakMode(), "details", details));
  }

  private void disconnect(Map<String, Object> request, Map<String, Object> args) {
    // As VS Code does: a launched program ends with the session, an attached one runs on.
    boolean terminate = args.get("terminateDebuggee") instanceof Boolean b ? b : !debugger.attached();
    debugger.disconnect(terminate);
    dap.sendResponse(request, null);
  }

  private void terminate(Map<String, Object> request) {
    debugger.terminate();
    dap.sendResponse(request, null);
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> specs(Map<String, Object> args) {
    return args.get("breakpoints") instanceof List<?> list ? (List<Map<String, Object>>) list : List.of();
  }

  private static int number(Map<String, Object> args, String name) {
    return args.get(name) instanceof Number n ? n.intValue() : 0;
  }

  private static Map<String, Object> capabilities() {
    List<Object> filters = List.of(
        Json.object("filter", "uncaught", "label", "Uncaught Exceptions", "default", false),
        Json.object("filter", "all", "label", "All Exceptions (but those the JDK catches itself)", "default", false));
    return Json.object(
        "supportsConfigurationDoneRequest", true,
        "supportsConditionalBreakpoints", true,
        "supportsFunctionBreakpoints", true,
        "supportsHitConditionalBreakpoints", true,
        "supportsEvaluateForHovers", true,
        "supportsExceptionInfoRequest", true,
        "supportsTerminateRequest", true,
        "supportTerminateDebuggee", true,
        "supportsDelayedStackTraceLoading", true,
        "exceptionBreakpointFilters", filters,
        // java.runtime.version, not Runtime.version(): that parses it with a regular expression (~40 ms of a cold JVM).
        "__bpdiffJava", Json.object("jdkVersion", System.getProperty("java.runtime.version")));
  }
}
