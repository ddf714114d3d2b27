// A minimal LSP client over stdio (JSON-RPC with Content-Length framing): the independent truth of
// the real-project check. It speaks to pyright-langserver, gopls or clangd directly, with none of
// the bridge's code, so what it answers is the server's own word.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export class LspClient {
  constructor(command, args, root) {
    this.root = root;
    this.proc = spawn(command, args, { cwd: root, stdio: ['pipe', 'pipe', 'ignore'] });
    this.nextId = 1;
    this.pending = new Map();
    this.diagnosed = new Map(); // uri -> resolve of the wait for its first publishDiagnostics
    this.published = new Set();
    this.buffer = Buffer.alloc(0);
    this.proc.stdout.on('data', (chunk) => this.onData(chunk));
    this.exited = new Promise((resolve) => this.proc.on('exit', resolve));
  }

  onData(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(this.buffer.subarray(0, headerEnd).toString())[1]);
      if (this.buffer.length < headerEnd + 4 + length) return;
      const message = JSON.parse(this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8'));
      this.buffer = this.buffer.subarray(headerEnd + 4 + length);
      this.onMessage(message);
    }
  }

  onMessage(message) {
    if (message.id !== undefined && message.method === undefined) {
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) waiter?.reject(Object.assign(new Error(message.error.message), { lsp: message.error }));
      else waiter?.resolve(message.result);
    } else if (message.id !== undefined) {
      // A request from the server: configuration gets defaults (null per item), the rest null.
      const result = message.method === 'workspace/configuration' ? message.params.items.map(() => null) : null;
      this.send({ jsonrpc: '2.0', id: message.id, result });
    } else if (message.method === 'textDocument/publishDiagnostics') {
      this.published.add(message.params.uri);
      this.diagnosed.get(message.params.uri)?.();
    }
  }

  send(message) {
    const body = Buffer.from(JSON.stringify(message), 'utf8');
    this.proc.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.proc.stdin.write(body);
  }

  request(method, params) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.send({ jsonrpc: '2.0', id, method, params });
    });
  }

  notify(method, params) {
    this.send({ jsonrpc: '2.0', method, params });
  }

  async start(initializationOptions) {
    const rootUri = pathToFileURL(this.root).href;
    await this.request('initialize', {
      processId: process.pid,
      rootUri,
      workspaceFolders: [{ uri: rootUri, name: 'root' }],
      initializationOptions,
      capabilities: {
        workspace: { configuration: true, workspaceFolders: true },
        textDocument: {
          references: {},
          definition: { linkSupport: false },
          rename: { prepareSupport: false },
          documentSymbol: { hierarchicalDocumentSymbolSupport: true },
          publishDiagnostics: {},
        },
        window: { workDoneProgress: false },
      },
    });
    this.notify('initialized', {});
  }

  /** Opens every file and waits until the server has published diagnostics for each (its analysis of them is done), at most `capMs`. */
  async openAll(files, languageId, capMs) {
    const waits = files.map((file) => {
      const uri = pathToFileURL(file).href;
      const wait = this.published.has(uri) ? Promise.resolve() : new Promise((resolve) => this.diagnosed.set(uri, resolve));
      this.notify('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text: readFileSync(file, 'utf8') } });
      return wait;
    });
    let timer;
    const cap = new Promise((resolve) => (timer = setTimeout(() => resolve('cap'), capMs)));
    const outcome = await Promise.race([Promise.all(waits).then(() => 'all'), cap]);
    clearTimeout(timer);
    return { outcome, published: files.filter((f) => this.published.has(pathToFileURL(f).href)).length };
  }

  async stop() {
    await this.request('shutdown', null).catch(() => undefined);
    this.notify('exit', null);
    const timer = setTimeout(() => this.proc.kill('SIGKILL'), 5000);
    await this.exited;
    clearTimeout(timer);
  }
}
