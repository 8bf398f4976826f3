#!/usr/bin/env node
import "../build/engine/cli.js";
