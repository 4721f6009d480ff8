import java.io.BufferedReader;
import java.io.FileReader;
import java.io.IOException;

public class Records {
    static int parse(String line) {
        int comma = line.indexOf(',');
        return comma < 0 ? -1 : Integer.parseInt(line.substring(comma + 1).trim());
    }

    public static void main(String[] args) throws IOException {
        // No check: a missing file is an uncaught FileNotFoundException (the runs of locate's tests that end early).
        BufferedReader records = new BufferedReader(new FileReader(args.length > 0 ? args[0] : "records.csv"));
        int total = 0;
        int index = 0;
        for (String line = records.readLine(); line != null; line = records.readLine()) {
            int qty = parse(line);
            total += qty;
            index++;
        }
        records.close();
        System.out.println(total);
    }
}
