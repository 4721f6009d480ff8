import java.util.ArrayList;
import java.util.List;

// A single-file program of two top-level classes: the source launcher's main class is the first.
public class Two {
  public static void main(String[] args) {
    List<Part> parts = new ArrayList<>();
    for (String arg : args) parts.add(new Part(arg));
    int total = 0;
    for (Part part : parts) total += part.size();
    System.out.println("total " + total + " in mode " + System.getProperty("mode"));
  }
}

class Part {
  final String text;

  Part(String text) {
    this.text = text;
  }

  int size() {
    return text.length();
  }
}
