// Never reaches its last line: it waits (for bpdiff's Ctrl-C test), with a child JVM waiting too.
import java.io.File;

public class Hang {
  public static void main(String[] args) throws Exception {
    if (args.length > 0 && args[0].equals("child")) {
      Thread.sleep(600_000);
      return;
    }
    String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
    Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), "Hang", "child").inheritIO().start();
    System.out.println("waiting");
    child.waitFor();
    System.out.println("never");
  }
}
