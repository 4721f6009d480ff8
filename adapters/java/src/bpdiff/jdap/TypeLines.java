// Which named class of a Java source file each line lies in, by a scan of its braces (comments,
// strings, text blocks and character literals skipped): a breakpoint's line binds in that class and
// its nested ones only. A nested class loads when first used, after the file's top class: without
// this, a breakpoint in `Inner.apply` bound to the next line with code in the classes loaded so far (a
// line of `main`) instead of waiting for `Outer$Inner` to load, as jdb and IDEs wait.
package bpdiff.jdap;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

final class TypeLines {
  /** One named class: its binary name without the package, as a pattern (a local class's `$1Local`). */
  private record Type(String pattern) {}

  /** Per line (1-based), the innermost named class open on it, or null outside every class. */
  private final Type[] byLine;

  private TypeLines(Type[] byLine) {
    this.byLine = byLine;
  }

  /** The scan of a Java file's text (null for another language's, whose classes it cannot tell). */
  static TypeLines of(String text, String sourceName) {
    if (text == null || !sourceName.endsWith(".java")) return null;
    return new TypeLines(scan(text));
  }

  /**
   * Whether a class (its binary name without the package: `Outer$Inner`) is the named class that
   * encloses the line, or one nested in it (its anonymous and local classes), or any class when no
   * named class encloses the line.
   */
  boolean inClassOf(int line, String binaryName) {
    Type type = typeAt(line);
    return type == null || binaryName.matches(type.pattern() + "(\\$.*)?");
  }

  /** Whether this class is the very class that encloses the line (it has loaded: no more waiting). */
  boolean isClassOf(int line, String binaryName) {
    Type type = typeAt(line);
    return type == null || binaryName.matches(type.pattern());
  }

  private Type typeAt(int line) {
    return line >= 1 && line < byLine.length ? byLine[line] : null;
  }

  /** The innermost named class open on each line (index 0 unused). */
  private static Type[] scan(String text) {
    List<Type> lines = new ArrayList<>();
    lines.add(null);
    // One entry per open brace: the class whose body it opens, or null for any other block.
    List<Type> braces = new ArrayList<>();
    List<Boolean> isType = new ArrayList<>();
    String pendingName = null;
    String lastWord = null;
    boolean afterDot = false;
    Type deepest = null;
    int n = text.length();
    for (int i = 0; i < n; ) {
      char c = text.charAt(i);
      int skipTo = -1;
      if (c == '/' && i + 1 < n && text.charAt(i + 1) == '/') {
        skipTo = text.indexOf('\n', i);
        if (skipTo < 0) skipTo = n;
      } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
        int end = text.indexOf("*/", i + 2);
        skipTo = end < 0 ? n : end + 2;
      } else if (c == '"' || c == '\'') {
        skipTo = literalEnd(text, i);
      }
      if (skipTo >= 0) {
        // A comment or text block over lines: each line it ends is in the class open there.
        for (int k = i; k < skipTo; k++) {
          if (text.charAt(k) != '\n') continue;
          lines.add(deepest);
          deepest = innermost(braces, isType);
        }
        i = skipTo;
        lastWord = null;
        afterDot = false;
        continue;
      }
      if (Character.isJavaIdentifierStart(c)) {
        int start = i;
        while (i < n && Character.isJavaIdentifierPart(text.charAt(i))) i++;
        String word = text.substring(start, i);
        if (lastWord != null && isTypeKeyword(lastWord)) pendingName = word;
        // `Foo.class` names no class declared here.
        lastWord = afterDot ? null : word;
        afterDot = false;
        continue;
      }
      if (c == '\n') {
        lines.add(deepest);
        deepest = innermost(braces, isType);
      } else if (c == '{') {
        Type opened = null;
        if (pendingName != null) {
          Type parent = innermost(braces, isType);
          // A class declared in a method's body is a local class: javac names it Outer$1Name.
          boolean local = !braces.isEmpty() && !isType.get(isType.size() - 1);
          String own = (local ? "\\d+" : "") + Pattern.quote(pendingName);
          opened = new Type(parent == null ? own : parent.pattern() + "\\$" + own);
          pendingName = null;
        }
        braces.add(opened);
        isType.add(opened != null);
        if (opened != null) deepest = opened;
      } else if (c == '}' && !braces.isEmpty()) {
        braces.remove(braces.size() - 1);
        isType.remove(isType.size() - 1);
      } else if (c == ';') {
        pendingName = null;
      }
      if (!Character.isWhitespace(c)) {
        lastWord = null;
        afterDot = c == '.';
      }
      i++;
    }
    lines.add(deepest);
    return lines.toArray(new Type[0]);
  }

  private static boolean isTypeKeyword(String word) {
    return word.equals("class") || word.equals("interface") || word.equals("enum") || word.equals("record");
  }

  /** The innermost class body open (its blocks aside). */
  private static Type innermost(List<Type> braces, List<Boolean> isType) {
    for (int k = braces.size() - 1; k >= 0; k--) if (isType.get(k)) return braces.get(k);
    return null;
  }

  /** Where a string, text block or character literal that starts at `i` ends (past its closing quote). */
  private static int literalEnd(String text, int i) {
    int n = text.length();
    char quote = text.charAt(i);
    if (quote == '"' && text.startsWith("\"\"\"", i)) {
      int end = i + 3;
      while (end < n && !text.startsWith("\"\"\"", end)) end += text.charAt(end) == '\\' ? 2 : 1;
      return Math.min(n, end + 3);
    }
    int end = i + 1;
    while (end < n && text.charAt(end) != quote && text.charAt(end) != '\n') end += text.charAt(end) == '\\' ? 2 : 1;
    return Math.min(n, end + 1);
  }
}
