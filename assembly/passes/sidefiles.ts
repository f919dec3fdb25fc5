// Files a pass produces besides the module (dot graphs, a merge report): name and bytes, read by
// the host through sideFileCount / sideFileName / sideFileData after runPipeline (ABI.md).
import { OutBuf } from "../util/outbuf";

let names: OutBuf[] = [];
let datas: OutBuf[] = [];
let empty: OutBuf = new OutBuf();

export function resetSideFiles(): void { names = []; datas = []; empty = new OutBuf(); }
// Adds a side file: its name (UTF-8 bytes) and contents.
export function addSideFile(name: OutBuf, data: OutBuf): void { names.push(name); datas.push(data); }
// The same with the name as a string.
export function addSideFileNamed(name: string, data: OutBuf): void {
  let n = new OutBuf();
  let b = String.UTF8.encode(name, false);
  n.bytes(changetype<usize>(b), b.byteLength);
  addSideFile(n, data);
}
export function sideFileCountNow(): i32 { return names.length; }
export function sideFileNameBuf(i: i32): OutBuf { return i >= 0 && i < names.length ? names[i] : empty; }
export function sideFileDataBuf(i: i32): OutBuf { return i >= 0 && i < datas.length ? datas[i] : empty; }
