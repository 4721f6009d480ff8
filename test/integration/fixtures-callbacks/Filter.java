// locate-callbacks.test.ts: a stream's filter calls a one-line lambda, which calls big(); with PART
// set, big() returns false for 990 (the third value), and only the value it returns differs.
import java.util.*;
import java.util.stream.*;

public class Filter {
    static boolean big(int cents) {
        return cents > (System.getenv("PART") != null ? 1000 : 500);
    }

    public static void main(String[] args) {
        List<Integer> cents = List.of(1250, 300, 990, 45);
        List<Integer> kept = cents.stream().filter(c -> big(c)).collect(Collectors.toList());
        System.out.println(kept.size());
    }
}
