public class Ret {
  static int scale(int x) {
    return x * 2;
  }

  public static void main(String[] args) {
    int y = scale(21);
    int z = y + 1;
    System.out.println(z);
  }
}
