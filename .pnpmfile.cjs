// The published package (packages/dist-package, named mcp-lsp-bridge) is built from the
// workspace packages, which are its devDependencies; its users need none of that, nor the
// build scripts or the Nx settings. pnpm pack resolves its catalog: versions itself.
module.exports = {
  hooks: {
    beforePacking(manifest) {
      if (manifest.name !== 'mcp-lsp-bridge') return manifest;
      const { devDependencies: _dev, scripts: _scripts, nx: _nx, ...published } = manifest;
      return published;
    },
  },
};
