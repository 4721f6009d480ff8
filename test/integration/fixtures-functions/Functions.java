// Containers of lambdas, a thread and their texts (issue 33): a lambda's default toString holds its
// hidden class's address and an identity hash, a map of one entry is Map.of's Map1; two runs of this
// program hold the same values.
import java.util.List;
import java.util.Map;
import java.util.function.Function;

public class Functions {
  record Handler(String name, Runnable run) {}

  public static void main(String[] args) throws Exception {
    Map<String, Runnable> table = Map.of("a", () -> {});
    Map<String, Runnable> routes = Map.of("a", () -> {}, "b", Functions::tick, "c", () -> {});
    List<Function<Integer, Integer>> steps = List.of(x -> x + 1, x -> x * 2);
    Handler handler = new Handler("h", () -> {});
    String tableText = table.toString();
    String stepsText = steps.toString();
    Thread worker = new Thread(() -> {});
    worker.start();
    worker.join();
    String workerText = worker.toString();
    int x = 1;
    System.out.println(x + steps.get(0).apply(1) + tableText.length() + stepsText.length() + workerText);
  }

  static void tick() {}
}
