import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import fc from 'fast-check';
import { bytesToHex } from './hex.ts';
import { jsSha256, portableSha256, portableSha256Diagnostic, WASM_AFTER_BLOCKS } from './sha256.ts';
import { newWasmSha256 } from './sha256-wasm.ts';

const utf8 = (s: string) => new TextEncoder().encode(s);
const nodeHex = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

// One instance for every test: each call must leave it ready for the next.
const wasm = newWasmSha256();
/** Both compressions of the portable digest, by name. */
const COMPRESSIONS = [
  ['WebAssembly', (data: Uint8Array) => wasm!.digest(data)],
  ['JavaScript', jsSha256],
] as const;

test('portableSha256 runs the JavaScript compression for its first blocks, then the module', () => {
  assert.ok(wasm !== undefined);
  // Nothing was hashed in this process yet: the module is not even assembled.
  const fresh = portableSha256Diagnostic();
  assert.equal(fresh.module, 'untried');
  assert.deepEqual(fresh.calls, { wasm: 0, js: 0 });
  const almost = new Uint8Array((WASM_AFTER_BLOCKS - 3) * 64);
  assert.equal(bytesToHex(portableSha256(almost)), nodeHex(almost));
  assert.equal(portableSha256Diagnostic().module, 'untried');
  portableSha256(utf8('abc')); // 1 block: still short of the threshold
  portableSha256(utf8('abc')); // reaches it
  assert.deepEqual(portableSha256Diagnostic(), {
    module: 'untried',
    calls: { wasm: 0, js: 3 },
  });
  assert.equal(
    bytesToHex(portableSha256(utf8('abc'))),
    'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
  );
  assert.deepEqual(portableSha256Diagnostic(), { module: 'wasm', calls: { wasm: 1, js: 3 } });
});

test('both compressions give the FIPS 180-4 example digests', () => {
  // FIPS 180-4's examples (csrc.nist.gov, "SHA256.pdf", "SHA2_Additional.pdf"): one block,
  // the empty message, 448 bits (the padding spills into a second block), 896 bits, 10^6 × 'a'.
  const vectors: [Uint8Array, string][] = [
    [utf8('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [new Uint8Array(0), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    [
      utf8('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'),
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
    [
      utf8(
        'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu',
      ),
      'cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1',
    ],
    [
      new Uint8Array(1_000_000).fill(0x61),
      'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0',
    ],
  ];
  for (const [name, digest] of COMPRESSIONS)
    for (const [message, want] of vectors)
      assert.equal(bytesToHex(digest(message)), want, `${name}, ${message.length} bytes`);
});

test('both compressions equal node:crypto on random lengths to 10,000 bytes, views included', () => {
  const edge = fc
    .tuple(fc.integer({ min: 0, max: 156 }), fc.constantFrom(-9, -8, -1, 0, 1, 8, 9))
    .map(([block, delta]) => Math.max(0, block * 64 + delta));
  fc.assert(
    fc.property(
      fc.oneof(edge, fc.integer({ min: 0, max: 10_000 })),
      fc.integer({ min: 0, max: 7 }),
      fc.uint8Array({ minLength: 16, maxLength: 16 }),
      (length, offset, seed) => {
        const backing = new Uint8Array(offset + length + 3);
        for (let i = 0; i < backing.length; i++)
          backing[i] = seed[i & 15]! ^ ((Math.imul(i, 0x9e3779b1) >>> 24) & 0xff);
        const data = backing.subarray(offset, offset + length);
        const want = nodeHex(data);
        for (const [name, digest] of COMPRESSIONS)
          assert.equal(bytesToHex(digest(data)), want, `${name}: length ${length} at ${offset}`);
      },
    ),
    { seed: 25, numRuns: 300 },
  );
});

test('messages longer than the module memory holds are hashed in chunks, each edge exact', () => {
  // The module holds 65,344 message bytes a chunk (one page, less the state and the last
  // chunk's padding): lengths at and around one and two chunks, and a view that starts mid-byte
  // run, so that a chunk's copy from the wrong offset or a stale byte in the padding would show.
  const CHUNK = 65_344;
  const backing = new Uint8Array(3 * CHUNK);
  for (let i = 0; i < backing.length; i++) backing[i] = (Math.imul(i, 0x2545f491) >>> 13) & 0xff;
  for (const length of [CHUNK - 1, CHUNK, CHUNK + 1, CHUNK + 55, CHUNK + 56, 2 * CHUNK + 70])
    for (const offset of [0, 5]) {
      const data = backing.subarray(offset, offset + length);
      assert.equal(bytesToHex(wasm!.digest(data)), nodeHex(data), `${length} at ${offset}`);
    }
});

test("a digest leaves the module's memory all zero: neither the message nor the state stays", () => {
  // The digests are keys and commitments (a seat's seed, a server seed's hash): whatever the
  // next code on the page reads of this memory must say nothing of them.
  const memory = wasm!.memory;
  const secret = new Uint8Array(2 * 65_344 + 300).fill(0xa5);
  for (const length of [0, 31, 55, 56, 119, 300, 1000, 65_344, 65_345, secret.length]) {
    wasm!.digest(secret.subarray(0, length));
    const left = memory.findIndex((b) => b !== 0);
    assert.equal(left, -1, `after ${length} bytes, memory byte ${left} is not zero`);
  }
});

test('a script that patches the typed arrays after load sees nothing of a digest', () => {
  // The copy into the module and its wipe use `set`, `subarray` and `fill` as they were at load:
  // a page's script that replaces them later (to read the message, or to skip the wipe) is not
  // called, and the digest and the wipe are as before.
  const seen: string[] = [];
  const spy = <T extends object>(proto: T, key: keyof T & string) => {
    const original = Object.getOwnPropertyDescriptor(proto, key)!;
    Object.defineProperty(proto, key, {
      ...original,
      value(this: unknown, ...args: unknown[]) {
        seen.push(key);
        return (original.value as (...a: unknown[]) => unknown).apply(this, args);
      },
    });
    return () => Object.defineProperty(proto, key, original);
  };
  const message = new Uint8Array(70_000).fill(7);
  const view = message.subarray(3);
  const want = nodeHex(message);
  // Every typed array's `set`, `subarray` and `fill` live on %TypedArray%.prototype.
  const typedArray = Object.getPrototypeOf(Uint8Array.prototype) as Uint8Array;
  const restore = [spy(typedArray, 'set'), spy(typedArray, 'subarray'), spy(typedArray, 'fill')];
  let got: string;
  try {
    got = bytesToHex(wasm!.digest(view));
    got = bytesToHex(wasm!.digest(message));
  } finally {
    for (const undo of restore) undo();
  }
  assert.deepEqual(seen, []);
  assert.equal(got, want);
  assert.equal(
    wasm!.memory.findIndex((b) => b !== 0),
    -1,
  );
});

/** Runs `setup` (JavaScript) in a child process, then hashes `first` bytes (zeros) and 'abc'
 *  twice with portableSha256; returns the hex of 'abc', the diagnostic and what went to stderr. */
function child(setup: string, first = WASM_AFTER_BLOCKS * 64) {
  const url = (file: string) => JSON.stringify(new URL(file, import.meta.url).href);
  const script = `
    // Node strips types with WebAssembly of its own: load a types-only module first.
    await import(${url('./source.ts')});
    ${setup}
    const { portableSha256, portableSha256Diagnostic } = await import(${url('./sha256.ts')});
    const { bytesToHex } = await import(${url('./hex.ts')});
    portableSha256(new Uint8Array(${first}));
    portableSha256(new TextEncoder().encode('abc'));
    const hex = bytesToHex(portableSha256(new TextEncoder().encode('abc')));
    process.stdout.write(JSON.stringify({ hex, diagnostic: portableSha256Diagnostic() }));`;
  const out = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  assert.equal(out.status, 0, out.stderr);
  const { hex, diagnostic } = JSON.parse(out.stdout) as {
    hex: string;
    diagnostic: ReturnType<typeof portableSha256Diagnostic>;
  };
  return { hex, diagnostic, stderr: out.stderr };
}

const ABC = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';

test('without WebAssembly, the JavaScript compression runs and says why', () => {
  const { hex, diagnostic, stderr } = child('delete globalThis.WebAssembly;');
  assert.equal(hex, ABC);
  assert.deepEqual(diagnostic, {
    module: 'none',
    failure: 'WebAssembly unsupported',
    calls: { wasm: 0, js: 3 },
  });
  assert.equal(stderr, '');
});

test('where compiling is refused (a Content-Security-Policy), the JavaScript compression runs, the refusal recorded once', () => {
  // As Chromium refuses it under the dark worker's `default-src 'none'`: a CompileError. The
  // module is tried once, not at every digest.
  const { hex, diagnostic } = child(`
    globalThis.tries = 0;
    WebAssembly.Module = function () { globalThis.tries++; throw new WebAssembly.CompileError('refused by the test'); };
    process.on('exit', () => { if (globalThis.tries !== 1) process.exitCode = 3; });`);
  assert.equal(hex, ABC);
  assert.deepEqual(diagnostic, {
    module: 'none',
    failure: 'CompileError: refused by the test',
    calls: { wasm: 0, js: 3 },
  });
});

test('a page that hashes less than the threshold never assembles the module (nor has it refused)', () => {
  // The service's own page refuses WebAssembly (script-src 'self'): a visit that verifies a few
  // hands must not pay for assembling a module it cannot compile. 1 MiB here, about 470 fair
  // deals' worth of blocks.
  const { hex, diagnostic } = child(
    `
    globalThis.tries = 0;
    WebAssembly.Module = function () { globalThis.tries++; throw new WebAssembly.CompileError('refused by the test'); };
    process.on('exit', () => { if (globalThis.tries !== 0) process.exitCode = 3; });`,
    1 << 20,
  );
  assert.equal(hex, ABC);
  assert.deepEqual(diagnostic, { module: 'untried', calls: { wasm: 0, js: 3 } });
});
