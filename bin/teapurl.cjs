#!/usr/bin/env node
'use strict';
// Starts the bundled CLI. Nothing is cached or written outside what the command itself writes.
require('../dist/teapurl.cjs');
