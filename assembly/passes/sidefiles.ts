// Files a pass produces besides the module (dot graphs, a merge report): name and bytes, read by
// the host through sideFileCount / sideFileName / sideFileData after runPipeline (ABI.md). They
// belong to the pipeline run (PassContext.sideFiles): a new run starts with none, and the host
// reads them from the last run, which lives until the next one (or the next module's reset).
import { OutBuf } from "../util/outbuf";

export class SideFiles {
  private names: OutBuf[] = [];
  private datas: OutBuf[] = [];
  private empty: OutBuf = new OutBuf();
  // Adds a side file: its name (UTF-8 bytes) and contents.
  add(name: OutBuf, data: OutBuf): void { this.names.push(name); this.datas.push(data); }
  // The same with the name as a string.
  addNamed(name: string, data: OutBuf): void {
    let n = new OutBuf();
    let b = String.UTF8.encode(name, false);
    n.bytes(changetype<usize>(b), b.byteLength);
    this.add(n, data);
  }
  get count(): i32 { return this.names.length; }
  name(i: i32): OutBuf { return i >= 0 && i < this.names.length ? this.names[i] : this.empty; }
  data(i: i32): OutBuf { return i >= 0 && i < this.datas.length ? this.datas[i] : this.empty; }
}
