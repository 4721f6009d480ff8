// locate-callbacks.test.ts: the JDK calls the program's code back (a stream's map calls a lambda, a
// sort calls a comparator, which calls key()); the runs part ways in key(), on a later call.
import java.util.*;
import java.util.stream.*;

public class Callbacks {
    static int key(int x) {
        int y = x * 2;
        if (x == 2 && System.getenv("PART") != null) {
            y += 10;
        }
        return y;
    }

    public static void main(String[] args) {
        List<Integer> v = Arrays.asList(3, 1, 2);
        List<Integer> w = v.stream().map(x -> {
            int z = x + 1;
            return z;
        }).collect(Collectors.toList());
        List<Integer> s = new ArrayList<>(v);
        s.sort(Comparator.comparingInt(Callbacks::key));
        System.out.println(w + " " + s);
    }
}
