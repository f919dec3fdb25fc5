// as-pect 8.1: every tests/assembly/**/*.spec.ts is compiled with as-pect.asconfig.json (which
// extends ./asconfig.json, so specs run on the same stub runtime as the core).
export default {
  entries: ["tests/assembly/**/*.spec.ts"],
  include: ["tests/assembly/**/*.include.ts"],
  disclude: [/node_modules/],
  async instantiate(memory, createImports, instantiate, binary) {
    // env.clock: the core's one host import of its own (the API's per-pass trace times)
    return instantiate(binary, createImports({ env: { memory, clock: () => performance.now() } }));
  },
  outputBinary: false,
};
