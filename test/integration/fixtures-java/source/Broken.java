// A source file that does not compile: the source launcher says why, as it would without bpdiff.
public class Broken {
  public static void main(String[] args) {
    int count = args.length
    System.out.println("count " + count);
  }
}
