import java.nio.file.*;

public class Temps {
    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory("work");
        Path file = Files.createTempFile(dir, "data", ".json");
        Files.writeString(file, "hello");
        String tmp = System.getProperty("java.io.tmpdir");
        System.out.println(Files.size(file));
    }
}
