// Where the program's JVMs connect: a loopback port of the adapter's own choosing (port 0, so no other
// process can take it first). Each connection is a JVM of the command's tree, handed over as a JDI
// VirtualMachine with the port it connected from (to find its process). The JDWP handshake and
// framing are done here over a plain socket (JDI's Connection SPI), so that the socket, and with it
// the JVM's process, is known; JDI's own listening connector hides it.
package bpdiff.jdap;

import com.sun.jdi.Bootstrap;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.VirtualMachineManager;
import com.sun.jdi.connect.spi.ClosedConnectionException;
import com.sun.jdi.connect.spi.Connection;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

final class JvmListener {
  private static final byte[] HANDSHAKE = "JDWP-Handshake".getBytes(StandardCharsets.US_ASCII);
  private static final int HANDSHAKE_TIMEOUT_MS = 10_000;

  private final ServerSocket server;
  /** JDI's machinery takes a while to load: it loads while the program's JVMs start. */
  private final CompletableFuture<VirtualMachineManager> manager = new CompletableFuture<>();
  private volatile boolean closed;

  JvmListener() throws IOException {
    server = new ServerSocket();
    server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
  }

  int port() {
    return server.getLocalPort();
  }

  /** Accepts JVMs until closed: each becomes a VirtualMachine, given with the port it connected from. */
  void acceptInBackground(BiConsumer<VirtualMachine, Integer> onJvm, Consumer<String> onError) {
    Thread thread = new Thread(() -> {
      while (!closed) {
        Socket socket;
        try {
          socket = server.accept();
        } catch (IOException e) {
          if (!closed) onError.accept("accepting a JVM: " + e.getMessage());
          return;
        }
        // Each JVM's handshake in its own thread: one slow JVM does not hold up the others.
        Thread setup = new Thread(() -> {
          try {
            onJvm.accept(connect(manager.join(), socket), socket.getPort());
          } catch (IOException | RuntimeException e) {
            closeQuietly(socket);
            if (!closed) onError.accept("a JVM connected but could not be debugged: " + e.getMessage());
          }
        }, "jvm-setup");
        setup.setDaemon(true);
        setup.start();
      }
    }, "jvm-listener");
    thread.setDaemon(true);
    thread.start();
  }

  /** Attaches to a JVM that listens itself (`-agentlib:jdwp=...,server=y`). */
  static VirtualMachine attach(String host, int port, int timeoutMs) throws IOException {
    Socket socket = new Socket();
    socket.connect(new InetSocketAddress(host, port), timeoutMs);
    return connect(Bootstrap.virtualMachineManager(), socket);
  }

  private static VirtualMachine connect(VirtualMachineManager manager, Socket socket) throws IOException {
    socket.setTcpNoDelay(true);
    socket.setSoTimeout(HANDSHAKE_TIMEOUT_MS);
    OutputStream out = socket.getOutputStream();
    out.write(HANDSHAKE);
    out.flush();
    byte[] reply = new DataInputStream(socket.getInputStream()).readNBytes(HANDSHAKE.length);
    if (!Arrays.equals(reply, HANDSHAKE)) throw new IOException("no JDWP handshake from the JVM");
    socket.setSoTimeout(0);
    return manager.createVirtualMachine(new SocketConnection(socket));
  }

  /**
   * Loads JDI's machinery in the background. Called once the program is started: it then loads
   * while the program's JVM starts, not while the adapter answers its first requests.
   */
  void loadJdi() {
    if (manager.isDone()) return;
    Thread thread = new Thread(() -> {
      try {
        manager.complete(Bootstrap.virtualMachineManager());
      } catch (RuntimeException | Error e) {
        manager.completeExceptionally(e);
      }
    }, "jdi-bootstrap");
    thread.setDaemon(true);
    thread.start();
  }

  /** Loads JDI's machinery now (the build's class-data archive records it). */
  void warmUp() {
    loadJdi();
    manager.join();
  }

  void close() {
    closed = true;
    closeQuietly(server);
  }

  private static void closeQuietly(java.io.Closeable closeable) {
    try {
      closeable.close();
    } catch (IOException e) {
      // closing anyway
    }
  }

  /** JDWP packets over a socket: a 4-byte big-endian length that counts itself, then the rest. */
  private static final class SocketConnection extends Connection {
    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final Object readLock = new Object();
    private final Object writeLock = new Object();

    SocketConnection(Socket socket) throws IOException {
      this.socket = socket;
      this.in = new java.io.BufferedInputStream(socket.getInputStream(), 1 << 16);
      this.out = socket.getOutputStream();
    }

    @Override
    public byte[] readPacket() throws IOException {
      if (!isOpen()) throw new ClosedConnectionException("connection closed");
      synchronized (readLock) {
        byte[] header = in.readNBytes(4);
        if (header.length == 0) return new byte[0];
        if (header.length < 4) throw new IOException("the JVM closed the connection in a packet");
        int length = ((header[0] & 0xff) << 24) | ((header[1] & 0xff) << 16) | ((header[2] & 0xff) << 8) | (header[3] & 0xff);
        if (length < 11) throw new IOException("bad JDWP packet length " + length);
        byte[] packet = new byte[length];
        System.arraycopy(header, 0, packet, 0, 4);
        int read = in.readNBytes(packet, 4, length - 4);
        if (read < length - 4) throw new IOException("the JVM closed the connection in a packet");
        return packet;
      }
    }

    @Override
    public void writePacket(byte[] packet) throws IOException {
      if (!isOpen()) throw new ClosedConnectionException("connection closed");
      if (packet.length < 11) throw new IllegalArgumentException("packet is too short");
      synchronized (writeLock) {
        out.write(packet);
        out.flush();
      }
    }

    @Override
    public void close() throws IOException {
      socket.close();
    }

    @Override
    public boolean isOpen() {
      return !socket.isClosed();
    }
  }
}
