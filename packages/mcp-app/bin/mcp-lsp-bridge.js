#!/usr/bin/env node
// The bin pnpm links into the workspace's packages at install, before anything is built: a file
// that exists from the clone on (a bin to dist/ would be a "Failed to create bin" warning). It runs the build.
import '../dist/main.js';
