// The Lucee side of `npm run compat:lucee` (bench/compat-lucee.ts): one JVM evaluates every case
// of a corpus file with Lucee's JSR-223 script engine and writes one JSON line per case.
// Usage: java -cp <lucee jars>:<this class> -Dlucee.base.dir=<dir> Oracle <corpus> <results> <timeout ms>
// The working folder is Lucee's web root: a tag case is a file under it, included by path.
// Corpus line: id TAB kind TAB base64(UTF-8 code), kind "script" (a script returning a string),
// "tag" (a path under the web root to include and capture) or "batch:N" (a script running the N
// script cases that follow at once, which run one by one only when the batch fails).
// Result line: {"id":…,"out":…} or {"id":…,"error":{"type":…,"message":…}} or
// {"id":…,"error":{"type":"timeout",…}}. Compiled at run time by the harness; never committed as a class.
import java.io.BufferedReader;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.script.ScriptEngine;

public class Oracle {
  private static volatile Thread worker;

  private static ExecutorService newWorker() {
    return Executors.newSingleThreadExecutor(
        r -> {
          Thread t = new Thread(r, "oracle-case");
          t.setDaemon(true);
          worker = t;
          return t;
        });
  }

  public static void main(String[] args) {
    int code = 0;
    try {
      run(args[0], args[1], Long.parseLong(args[2]));
    } catch (Throwable e) {
      e.printStackTrace();
      code = 1;
    }
    // Lucee leaves non-daemon threads running: halt rather than wait for them.
    System.out.flush();
    System.err.flush();
    Runtime.getRuntime().halt(code);
  }

  @SuppressWarnings("deprecation")
  private static void run(String corpus, String results, long timeoutMs) throws Exception {
    ExecutorService ex = newWorker();
    ScriptEngine engine =
        ex.submit(() -> new lucee.runtime.script.CFMLScriptEngineFactory().getScriptEngine()).get();
    try (BufferedReader in =
            new BufferedReader(new InputStreamReader(new FileInputStream(corpus), StandardCharsets.UTF_8));
        Writer out = new OutputStreamWriter(new FileOutputStream(results), StandardCharsets.UTF_8)) {
      java.util.List<String> lines = new java.util.ArrayList<>();
      for (String l = in.readLine(); l != null; l = in.readLine()) if (!l.isEmpty()) lines.add(l);
      for (int i = 0; i < lines.size(); i++) {
        String line = lines.get(i);
        String[] parts = line.split("\t", 3);
        String id = parts[0];
        String kind = parts[1];
        String src = new String(Base64.getDecoder().decode(parts[2]), StandardCharsets.UTF_8);
        // A case starts from empty variables and the default locale and zone. Not in the case's
        // own eval: Lucee defines a script's functions before it runs, and structClear would drop them.
        String reset = "structClear(variables); setLocale('en_US'); setTimeZone('UTC');";
        String script =
            kind.equals("tag")
                ? "savecontent variable=\"oracleOut\" { include \"" + src + "\"; } return oracleOut;"
                : src;
        Future<Object> f =
            ex.submit(
                () -> {
                  engine.eval(reset);
                  return engine.eval(script);
                });
        StringBuilder json = new StringBuilder("{\"id\":").append(quote(id));
        // A batch (kind "batch:N") is one script for the N script cases after it: when it runs,
        // they are skipped; when it fails (one case does not compile, or it takes too long),
        // they run one by one.
        int members = kind.startsWith("batch:") ? Integer.parseInt(kind.substring(6)) : 0;
        try {
          Object r = f.get(timeoutMs, TimeUnit.MILLISECONDS);
          json.append(",\"out\":").append(quote(r == null ? "" : r.toString()));
          i += members;
        } catch (TimeoutException e) {
          f.cancel(true);
          Thread t = worker;
          if (t != null) t.stop(); // a CFML loop does not look at interrupts
          ex.shutdownNow();
          ex = newWorker();
          json.append(",\"error\":{\"type\":\"timeout\",\"message\":").append(quote("over " + timeoutMs + " ms")).append('}');
        } catch (ExecutionException e) {
          Throwable c = e.getCause();
          json.append(",\"error\":{\"type\":").append(quote(type(c))).append(",\"message\":").append(quote(message(c))).append('}');
        }
        out.write(json.append("}\n").toString());
        out.flush();
      }
    }
  }

  /** Lucee's CFML error type (PageException.getTypeAsString) of the first Lucee exception in the chain. */
  private static String type(Throwable e) {
    for (Throwable c = e; c != null; c = c.getCause()) {
      try {
        Object t = c.getClass().getMethod("getTypeAsString").invoke(c);
        if (t != null) return t.toString();
      } catch (ReflectiveOperationException ignored) {
        // not a Lucee PageException: look further down the chain
      }
    }
    return e.getClass().getSimpleName();
  }

  private static String message(Throwable e) {
    Throwable c = e;
    while (c.getCause() != null && c.getCause() != c) c = c.getCause();
    String m = c.getMessage();
    return m == null ? c.getClass().getName() : m;
  }

  private static String quote(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char ch = s.charAt(i);
      switch (ch) {
        case '"': b.append("\\\""); break;
        case '\\': b.append("\\\\"); break;
        case '\n': b.append("\\n"); break;
        case '\r': b.append("\\r"); break;
        case '\t': b.append("\\t"); break;
        default:
          if (ch < 0x20 || (ch >= 0xd800 && ch <= 0xdfff)) b.append(String.format("\\u%04x", (int) ch));
          else b.append(ch);
      }
    }
    return b.append('"').toString();
  }
}
