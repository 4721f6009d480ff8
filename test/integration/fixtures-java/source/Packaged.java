package demo;

// A source file with a package: bpdiff leaves it to the JDK's source launcher.
public class Packaged {
  public static void main(String[] args) {
    int count = args.length;
    System.out.println("count " + count);
  }
}
