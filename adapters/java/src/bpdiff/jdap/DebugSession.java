// DAP requests -> Debugger calls -> responses and events. Request order: initialize (the
// `initialized` event follows its response) -> launch or attach -> setBreakpoints /
// setExceptionBreakpoints -> configurationDone; no JVM runs the program's code before
// configurationDone.
package bpdiff.jdap;

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
    try {
      switch (command) {
        case "initialize" -> {
          dap.sendResponse(request, capabilities());
          dap.sendEvent("initialized", Json.object());
        }
        case "launch" -> {
          try {
            debugger.launch(LaunchConfig.parse(args, debugger.adapterCwd));
          } catch (LaunchConfig.Invalid | ProgramProcess.StartError e) {
            dap.sendError(request, e.getMessage());
            dap.sendEvent("terminated", Json.object());
            return;
          }
          dap.sendResponse(request, null);
        }
        case "attach" -> {
          int port = args.get("port") instanceof Number n ? n.intValue() : 0;
          if (port <= 0) throw new IllegalArgumentException("attach needs 'port' (the JVM's -agentlib:jdwp=transport=dt_socket,server=y,address=PORT)");
          String host = args.get("hostName") instanceof String h ? h : "127.0.0.1";
          Path cwd = args.get("cwd") instanceof String c ? debugger.adapterCwd.resolve(c) : debugger.adapterCwd;
          debugger.attach(host, port, cwd, Boolean.TRUE.equals(args.get("invokeToString")));
          dap.sendResponse(request, null);
        }
        case "setBreakpoints" -> {
          Map<String, Object> source = (Map<String, Object>) args.getOrDefault("source", Map.of());
          Object pathArg = source.get("path");
          if (!(pathArg instanceof String path)) throw new IllegalArgumentException("setBreakpoints needs source.path");
          List<Map<String, Object>> specs = args.get("breakpoints") instanceof List<?> list ? (List<Map<String, Object>>) list : List.of();
          List<Object> result = debugger.setBreakpoints(debugger.adapterCwd.resolve(path).normalize(), specs);
          dap.sendResponse(request, Json.object("breakpoints", result));
        }
        case "setExceptionBreakpoints" -> {
          Set<String> filters = new HashSet<>();
          if (args.get("filters") instanceof List<?> list) for (Object filter : list) filters.add(String.valueOf(filter));
          debugger.setExceptionFilters(filters);
          dap.sendResponse(request, Json.object("breakpoints", List.of()));
        }
        case "setFunctionBreakpoints" -> {
          List<Map<String, Object>> specs = args.get("breakpoints") instanceof List<?> list ? (List<Map<String, Object>>) list : List.of();
          dap.sendResponse(request, Json.object("breakpoints", debugger.setFunctionBreakpoints(specs)));
        }
        case "setDataBreakpoints", "setInstructionBreakpoints" -> dap.sendResponse(request, Json.object("breakpoints", List.of()));
        case "configurationDone" -> {
          debugger.configurationDone();
          dap.sendResponse(request, null);
        }
        case "threads" -> dap.sendResponse(request, Json.object("threads", debugger.inspector.threads()));
        case "stackTrace" -> dap.sendResponse(request, debugger.inspector.stackTrace(number(args, "threadId"), number(args, "startFrame"), number(args, "levels")));
        case "scopes" -> dap.sendResponse(request, Json.object("scopes", debugger.inspector.scopes(number(args, "frameId"))));
        case "variables" -> {
          String filter = args.get("filter") instanceof String f ? f : null;
          dap.sendResponse(request, Json.object("variables", debugger.inspector.variables(number(args, "variablesReference"), filter, number(args, "start"), number(args, "count"))));
        }
        case "evaluate" -> {
          if (!args.containsKey("frameId")) throw new IllegalArgumentException("evaluate needs a frameId: expressions are evaluated in a stopped frame");
          dap.sendResponse(request, debugger.inspector.evaluate(String.valueOf(args.get("expression")), number(args, "frameId")));
        }
        case "continue" -> {
          debugger.resume(number(args, "threadId"), null);
          dap.sendResponse(request, Json.object("allThreadsContinued", true));
          debugger.announcePending();
        }
        case "next", "stepIn", "stepOut" -> {
          int depth = command.equals("next") ? com.sun.jdi.request.StepRequest.STEP_OVER : command.equals("stepIn") ? com.sun.jdi.request.StepRequest.STEP_INTO : com.sun.jdi.request.StepRequest.STEP_OUT;
          debugger.resume(number(args, "threadId"), depth);
          dap.sendResponse(request, null);
          debugger.announcePending();
        }
        case "pause" -> {
          dap.sendResponse(request, null);
          debugger.pause(number(args, "threadId"));
        }
        case "exceptionInfo" -> {
          Debugger.Stop stop = debugger.shownStop();
          if (stop == null || stop.exception() == null) throw new IllegalStateException("the program is not stopped on an exception");
          Debugger.ExceptionInfo info = stop.exception();
          Map<String, Object> details = Json.object("typeName", info.type(), "message", info.message(), "stackTrace", info.stackTrace());
          dap.sendResponse(request, Json.object("exceptionId", info.type(), "description", info.message(), "breakMode", info.breakMode(), "details", details));
        }
        case "disconnect" -> {
          // As VS Code does: a launched program ends with the session, an attached one runs on.
          boolean terminate = args.get("terminateDebuggee") instanceof Boolean b ? b : !debugger.attached();
          debugger.disconnect(terminate);
          dap.sendResponse(request, null);
        }
        case "terminate" -> {
          debugger.terminate();
          dap.sendResponse(request, null);
        }
        default -> dap.sendError(request, "unrecognized request '" + command + "'");
      }
    } catch (Exception | StackOverflowError e) {
      String message = e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
      dap.sendError(request, message);
    }
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
