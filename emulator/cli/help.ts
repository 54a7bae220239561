/**
 * What the emulator's --help prints: every flag, its default, and what it does. The installed
 * package runs it as `headless-deploy emulator`, so the text names that, and it says what a user
 * needs here rather than pointing to a document the package does not ship.
 */
export const CLI_HELP = `Usage: headless-deploy emulator [options]

A stateful, in-memory server of the hosting and headless APIs on one origin, for tests and
rehearsals.

Options:
  --port N                  port to listen on; 0 picks a free one (default 4010)
  --host H                  address to listen on (default 127.0.0.1)
  --allow-host NAME         also answer requests whose Host (or Origin) names NAME, e.g. a
                            container's service name; repeatable. Others, besides loopback names
                            and --host, get 403
  --seed FILE               a seed JSON file (default: the built-in seed, credentials demo-user /
                            demo-password)
  --answers SET             contract (default): the answers this project settled where the spec
                            leaves them open; documented: the platform's public reference answers
                            (an upload answers {}, install copy 202 with no body, a webhook 200
                            with no body, DELETE 204, page links are absolute URLs, PATCH
                            environment replaces the record)
  --faults SPEC             e.g. 429:0.1,503:0.1,500:0.05,reset:0.05: that share of requests
                            fails first
  --latency MS              milliseconds added before each request is handled (default 0)
  --build-seconds S         how long an upload's build takes (default 2)
  --max-upload-mb N         larger uploads get 413 (default 512)
  --rate-limit N            requests per second per credential before 429; 0 is off (default 0)
  --require-content-length  answer 411 to an upload without Content-Length, before reading it
  --tls                     serve HTTPS with a throwaway CA made at start (its file is printed)
  --tls-cert FILE --tls-key FILE
                            serve HTTPS with this certificate and key
  --help                    print this and exit

The first stdout line is "emulator listening on URL"; the next lines give the hosting API's URL and
the headless API's (URL/headless), the values of HEADLESS_DEPLOY_API_URL and
HEADLESS_DEPLOY_HEADLESS_API_URL, and, with the built-in seed, its credentials. It stops on SIGINT,
SIGTERM and SIGHUP. The package's docs/cli.md ("The emulator") says how the program runs it.
`;
