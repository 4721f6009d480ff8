// DAP's wire format on two byte streams: `Content-Length: N\r\n\r\n` then N bytes of UTF-8 JSON. Reads
// requests one at a time; writes responses and events from any thread, one whole message at a time.
package bpdiff.jdap;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

final class DapConnection {
  private final InputStream in;
  private final OutputStream out;
  private final PrintStream log;
  private int seq = 1;
  private volatile boolean closed;

  DapConnection(InputStream in, OutputStream out) {
    this.in = new BufferedInputStream(in, 1 << 16);
    this.out = out;
    this.log = openLog(System.getenv("BPDIFF_JAVA_ADAPTER_LOG"));
  }

  private static PrintStream openLog(String file) {
    if (file == null || file.isEmpty()) return null;
    try {
      return new PrintStream(new FileOutputStream(file, true), true, StandardCharsets.UTF_8);
    } catch (IOException e) {
      return null;
    }
  }

  /** The next message, or null at the end of the input. */
  @SuppressWarnings("unchecked")
  Map<String, Object> read() throws IOException {
    int length = -1;
    for (;;) {
      String line = readHeaderLine();
      if (line == null) return null;
      if (line.isEmpty()) {
        if (length >= 0) break;
        continue;
      }
      int colon = line.indexOf(':');
      if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase("Content-Length")) {
        length = Integer.parseInt(line.substring(colon + 1).trim());
      }
    }
    byte[] body = in.readNBytes(length);
    if (body.length < length) return null;
    String text = new String(body, StandardCharsets.UTF_8);
    if (log != null) log.printf("<- %.1f ms %s%n", (System.nanoTime() - STARTED) / 1e6, text);
    Object message = Json.parse(text);
    if (!(message instanceof Map)) throw new IOException("a DAP message must be a JSON object");
    return (Map<String, Object>) message;
  }

  private String readHeaderLine() throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    for (;;) {
      int b = in.read();
      if (b < 0) return null;
      if (b == '\n') break;
      if (b != '\r') line.write(b);
    }
    return line.toString(StandardCharsets.US_ASCII);
  }

  void sendEvent(String event, Map<String, Object> body) {
    send(Json.object("type", "event", "event", event, "body", body));
  }

  void sendResponse(Map<String, Object> request, Map<String, Object> body) {
    send(Json.object("type", "response", "request_seq", request.get("seq"), "success", true, "command", request.get("command"), "body", body));
  }

  void sendError(Map<String, Object> request, String message) {
    Map<String, Object> error = Json.object("id", 1, "format", message.replace("{", "{{").replace("}", "}}"), "showUser", false);
    send(Json.object("type", "response", "request_seq", request.get("seq"), "success", false, "command", request.get("command"), "message", message, "body", Json.object("error", error)));
  }

  private synchronized void send(Map<String, Object> message) {
    if (closed) return;
    message.put("seq", seq++);
    String text = Json.write(message);
    byte[] body = text.getBytes(StandardCharsets.UTF_8);
    try {
      out.write(("Content-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
      out.write(body);
      out.flush();
    } catch (IOException e) {
      // The client has gone: nothing more can be said to it.
      closed = true;
    }
    if (log != null) log.printf("-> %.1f ms %s%n", (System.nanoTime() - STARTED) / 1e6, text);
  }

  /** A line in the log (BPDIFF_JAVA_ADAPTER_LOG), with the milliseconds since the adapter started. */
  void trace(String line) {
    if (log != null) log.printf("   %.1f ms %s%n", (System.nanoTime() - STARTED) / 1e6, line);
  }

  private static final long STARTED = System.nanoTime();
}
