// as-pect 8.1: every tests/assembly/**/*.spec.ts is compiled with as-pect.asconfig.json (which
// extends ./asconfig.json, so specs run on the same stub runtime as the core).
export default {
  entries: ["tests/assembly/**/*.spec.ts"],
  include: ["tests/assembly/**/*.include.ts"],
  disclude: [/node_modules/],
  async instantiate(memory, createImports, instantiate, binary) {
    return instantiate(binary, createImports({ env: { memory } }));
  },
  outputBinary: false,
};
