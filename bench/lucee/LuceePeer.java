// Lucee as a performance peer of `quarry bench --peer lucee` (bench/lucee-peer.ts): Lucee's own
// servlet (lucee.loader.servlet.CFMLServlet) in an embedded Jetty 9.4, as a Lucee site is served
// in production (a servlet container), on loopback. A path without an extension is the .cfm page
// of that name (/fortunes is fortunes.cfm), as Quarry and the hand-written server answer it.
// Usage: java -cp <jars>:<this class> LuceePeer <web root> <Lucee's base folder>
// Prints "listening PORT" once Jetty listens (the port is the kernel's choice). Compiled at run
// time by the harness; never committed as a class.
import java.io.IOException;
import java.util.EnumSet;
import javax.servlet.DispatcherType;
import javax.servlet.Filter;
import javax.servlet.FilterChain;
import javax.servlet.ServletException;
import javax.servlet.ServletRequest;
import javax.servlet.ServletResponse;
import javax.servlet.http.HttpServletRequest;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.servlet.FilterHolder;
import org.eclipse.jetty.servlet.ServletContextHandler;
import org.eclipse.jetty.servlet.ServletHolder;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

public class LuceePeer {
  /** /name → /name.cfm, forwarded inside the container. */
  static final class Pages implements Filter {
    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
        throws IOException, ServletException {
      String path = ((HttpServletRequest) req).getServletPath();
      String last = path.substring(path.lastIndexOf('/') + 1);
      if (!last.isEmpty() && last.indexOf('.') < 0) req.getRequestDispatcher(path + ".cfm").forward(req, res);
      else chain.doFilter(req, res);
    }
  }

  public static void main(String[] args) throws Exception {
    String web = args[0];
    String base = args[1];
    // Jetty's default pool (8 to 200 threads), as a servlet container ships.
    Server server = new Server(new QueuedThreadPool());
    ServerConnector http = new ServerConnector(server);
    http.setHost("127.0.0.1");
    http.setPort(0);
    server.addConnector(http);
    ServletContextHandler ctx = new ServletContextHandler(ServletContextHandler.NO_SESSIONS);
    ctx.setContextPath("/");
    ctx.setResourceBase(web);
    ServletHolder cfml = new ServletHolder("CFMLServlet", new lucee.loader.servlet.CFMLServlet());
    cfml.setInitParameter("lucee-server-directory", base + "/server");
    cfml.setInitParameter("lucee-web-directory", base + "/web");
    cfml.setInitOrder(1);
    ctx.addServlet(cfml, "*.cfm");
    ctx.addServlet(cfml, "*.cfc");
    ctx.addFilter(new FilterHolder(new Pages()), "/*", EnumSet.of(DispatcherType.REQUEST));
    server.setHandler(ctx);
    server.start();
    System.out.println("listening " + http.getLocalPort());
    System.out.flush();
    server.join();
  }
}
