#!/usr/bin/env node
import "../build/cli/index.js";
