export interface Config {
  port: number;
  host: string;
}

/** Parses "host:port" into a Config. */
export function parseConfig(raw: string): Config {
  const [host = 'localhost', port = '80'] = raw.split(':');
  return { host, port: Number(port) };
}
