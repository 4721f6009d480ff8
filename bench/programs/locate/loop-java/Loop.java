// bench/locate.ts: a loop whose two runs part ways at the iteration PART names (env), ~5 lines each.
// PART is read into a static field before the loop (no local of the walk's frames holds it, as in
// loop.py, where os.environ.get runs in the standard library): the runs differ only once i reaches it.
public class Loop {
    static final int PART = countFrom("PART", -1);

    static int countFrom(String name, int fallback) {
        String value = System.getenv(name);
        if (value == null) return fallback;
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    public static void main(String[] args) {
        int count = countFrom("COUNT", 2000);
        int total = 0;
        for (int i = 0; i < count; i++) {
            int x = i * 3;
            int y = x % 7;
            total += y;
            if (i == PART) {
                total++;
            }
        }
        System.out.println(total);
    }
}
