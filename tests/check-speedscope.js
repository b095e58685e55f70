#!/usr/bin/env node
// check-speedscope.js - validate speedscope documents against the schema
// speedscope itself publishes, then check what a schema cannot say: every
// evented profile balances (a close names the frame on top of the stack),
// its frames exist, its "at" never decreases, and startValue/endValue are
// its first and last "at".
//
// usage: node tests/check-speedscope.js FILE...
// needs: npm ci --prefix tests/node  (speedscope and ajv, pinned there)
// exit:  0 all valid, 1 some invalid, 2 usage or missing tools

'use strict';

const fs = require('fs');
const path = require('path');
const { createRequire } = require('module');

const nodeDir = path.join(__dirname, 'node');
const schemaPath = path.join(nodeDir, 'node_modules', 'speedscope', 'dist',
  'release', 'file-format-schema.json');

function die(msg) {
  process.stderr.write(`check-speedscope: ${msg}\n`);
  process.exit(2);
}

const files = process.argv.slice(2);
if (files.length === 0)
  die('usage: node tests/check-speedscope.js FILE...');
if (!fs.existsSync(schemaPath))
  die(`${schemaPath} is missing: run npm ci --prefix tests/node`);

const Ajv = createRequire(path.join(nodeDir, 'package.json'))('ajv');
// strict off: the schema carries "title" beside "$ref", which is valid
// draft-07 but which Ajv's strict mode rejects.
const ajv = new Ajv({ strict: false, allErrors: true });
const validate = ajv.compile(JSON.parse(fs.readFileSync(schemaPath, 'utf8')));

function checkProfile(p, nframes) {
  if (p.type !== 'evented' || p.events.length === 0)
    return null;
  const stack = [];
  let last = -Infinity;
  for (let i = 0; i < p.events.length; i++) {
    const ev = p.events[i];
    const where = `profile "${p.name}" event ${i}`;
    if (!Number.isInteger(ev.frame) || ev.frame < 0 || ev.frame >= nframes)
      return `${where}: frame ${ev.frame} is not in shared.frames`;
    if (ev.at < last)
      return `${where}: at ${ev.at} is before the previous ${last}`;
    last = ev.at;
    if (ev.type === 'O') {
      stack.push(ev.frame);
    } else if (stack.length === 0 || stack.pop() !== ev.frame) {
      return `${where}: closes frame ${ev.frame}, not the open one`;
    }
  }
  if (stack.length > 0)
    return `profile "${p.name}": ${stack.length} frames left open`;
  if (p.startValue !== p.events[0].at)
    return `profile "${p.name}": startValue is not the first event's at`;
  if (p.endValue !== last)
    return `profile "${p.name}": endValue is not the last event's at`;
  return null;
}

function check(file) {
  let doc;
  try {
    doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    return err.message;
  }
  if (!validate(doc))
    return ajv.errorsText(validate.errors);
  for (const p of doc.profiles) {
    const msg = checkProfile(p, doc.shared.frames.length);
    if (msg !== null)
      return msg;
  }
  return null;
}

let passed = 0;
let failed = 0;
for (const file of files) {
  const msg = check(file);
  if (msg === null) {
    passed++;
  } else {
    failed++;
    process.stdout.write(`FAIL ${file}: ${msg}\n`);
  }
}
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(failed > 0 ? 1 : 0);
