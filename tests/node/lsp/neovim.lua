-- Driven by neovim.test.js: headless Neovim as the language server's client. For each file of
-- WOPT_NVIM_JOB (JSON) it opens the file as an llvm buffer with `wopt lsp --stdio` attached, waits
-- for the server's diagnostics and records them as Neovim holds them (0-based line, byte column);
-- then, per the job, edits the buffer and records the diagnostics again, formats it through
-- Neovim's own formatting command, and asks textDocument/definition and textDocument/hover at a
-- position; then runs the file's `steps` in order: requests through vim.lsp.buf_request_sync, a
-- rename through vim.lsp.buf.rename (Neovim applies the server's workspace edit), and edits, each
-- recording the buffer and the diagnostics of its new version. Everything goes as JSON to
-- WOPT_NVIM_OUT; the Node side asserts. Written for Neovim 0.7 (vim.lsp.start_client) and later
-- (vim.lsp.start from 0.8, client:request from 0.11).
local job = vim.fn.json_decode(vim.env.WOPT_NVIM_JOB)
local out = { version = vim.version(), files = {} }
local TIMEOUT = job.timeout_ms or 30000

-- publishDiagnostics received, per URI: Neovim's own handler runs first, so when the count moves
-- vim.diagnostic already holds them
local received = {}
-- and the document version the newest of them was computed for
local received_version = {}
local handlers = {
  ['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
    vim.lsp.handlers['textDocument/publishDiagnostics'](err, result, ctx, config)
    received[result.uri] = (received[result.uri] or 0) + 1
    received_version[result.uri] = result.version
  end,
}

local config = {
  name = 'wopt', cmd = job.cmd, root_dir = job.root, init_options = { llvmVersion = job.llvm_version },
  handlers = handlers,
}
local client_id

local function attach(buf)
  if vim.lsp.start then
    client_id = vim.lsp.start(config, { bufnr = buf })
  else
    client_id = client_id or vim.lsp.start_client(config)
    vim.lsp.buf_attach_client(buf, client_id)
  end
  local ok = vim.wait(TIMEOUT, function()
    local c = vim.lsp.get_client_by_id(client_id)
    return c ~= nil and c.initialized
  end, 10)
  assert(ok, 'the server did not initialize')
  return vim.lsp.get_client_by_id(client_id)
end

local function wait_diagnostics(uri, count)
  assert(vim.wait(TIMEOUT, function() return (received[uri] or 0) >= count end, 10), 'no diagnostics for ' .. uri)
end

local function diagnostics(buf)
  local list = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(list, { lnum = d.lnum, col = d.col, message = d.message, severity = d.severity })
  end
  table.sort(list, function(a, b) return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col) end)
  return list
end

-- a request answered (or not) within TIMEOUT: { result = ... } or { error = ... }
local function request(client, buf, method, params)
  local reply
  local function handler(err, result) reply = { error = err, result = result } end
  if vim.fn.has('nvim-0.11') == 1 then
    client:request(method, params, handler, buf)
  else
    client.request(method, params, handler, buf)
  end
  if not vim.wait(TIMEOUT, function() return reply ~= nil end, 10) then return { error = { message = 'timeout' } } end
  return { error = reply.error and { code = reply.error.code, message = reply.error.message } or nil, result = reply.result }
end

local function buffer_text(buf)
  return table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n') .. '\n'
end

-- The version Neovim last sent for the buffer (its changedtick): the server's diagnostics of the
-- buffer as it is now carry it. Waits for them; false on timeout.
local function wait_current(uri, buf)
  return vim.wait(TIMEOUT, function()
    local v = vim.lsp.util.buf_versions[buf] or vim.api.nvim_buf_get_changedtick(buf)
    return received_version[uri] == v
  end, 10)
end

-- "$URI" anywhere in a step's params stands for the buffer's URI (the Node side does not know how
-- Neovim spells it)
local function fill(v, uri)
  if v == '$URI' then return uri end
  if type(v) ~= 'table' then return v end
  local t = {}
  for k, x in pairs(v) do t[k] = fill(x, uri) end
  return t
end

-- One step of `steps`: what it recorded.
local function run_step(step, buf, uri)
  if step.kind == 'request' then
    -- Neovim's own synchronous request: { [client_id] = { result, error (err from 0.10) } }
    local replies, err = vim.lsp.buf_request_sync(buf, step.method, fill(step.params, uri), TIMEOUT)
    if not replies then return { error = { message = tostring(err) } } end
    local _, r = next(replies)
    if not r then return { error = { message = 'no reply' } } end
    local e = r.error or r.err
    return { error = e and { code = e.code, message = e.message } or nil, result = r.result }
  elseif step.kind == 'rename' then
    -- as a user would: the cursor on the name (1-based line, byte column), then :lua vim.lsp.buf.rename('new')
    local tick = vim.api.nvim_buf_get_changedtick(buf)
    vim.api.nvim_win_set_cursor(0, { step.line + 1, step.col })
    vim.lsp.buf.rename(step.new_name)
    if not vim.wait(TIMEOUT, function() return vim.api.nvim_buf_get_changedtick(buf) ~= tick end, 10) then
      return { error = { message = 'the rename changed nothing' } }
    end
    if not wait_current(uri, buf) then return { error = { message = 'no diagnostics after the rename' } } end
    return { text = buffer_text(buf), diagnostics = diagnostics(buf) }
  elseif step.kind == 'edit' then
    vim.api.nvim_buf_set_text(buf, step.line, step.col, step.line, step.end_col, { step.text })
    if not wait_current(uri, buf) then return { error = { message = 'no diagnostics after the edit' } } end
    return { text = buffer_text(buf), diagnostics = diagnostics(buf) }
  end
  return { error = { message = 'unknown step ' .. tostring(step.kind) } }
end

local function run_file(f)
  local rec = { path = f.path }
  vim.cmd('edit ' .. vim.fn.fnameescape(f.path))
  local buf = vim.api.nvim_get_current_buf()
  rec.detected_filetype = vim.bo[buf].filetype
  if vim.bo[buf].filetype ~= 'llvm' then vim.bo[buf].filetype = 'llvm' end
  local client = attach(buf)
  rec.capabilities = {
    definition = client.server_capabilities.definitionProvider and true or false,
    hover = client.server_capabilities.hoverProvider and true or false,
    formatting = client.server_capabilities.documentFormattingProvider and true or false,
  }
  local uri = vim.uri_from_bufnr(buf)
  rec.uri = uri
  wait_diagnostics(uri, 1)
  rec.diagnostics = diagnostics(buf)

  -- an edit through the buffer (Neovim sends it as an incremental didChange): replace the text
  -- at 0-based line, byte columns [col, end_col)
  if f.edit then
    local e = f.edit
    local before = received[uri]
    vim.api.nvim_buf_set_text(buf, e.line, e.col, e.line, e.end_col, { e.text })
    wait_diagnostics(uri, before + 1)
    rec.after_edit = diagnostics(buf)
    rec.after_edit_text = buffer_text(buf)
  end

  if f.format then
    if vim.lsp.buf.format then
      vim.lsp.buf.format({ bufnr = buf, timeout_ms = TIMEOUT })
    else
      vim.lsp.buf.formatting_sync(nil, TIMEOUT)
    end
    rec.formatted = buffer_text(buf)
  end

  -- definition and hover at a 0-based line and UTF-16 character (after formatting, if asked)
  if f.at then
    local params = { textDocument = { uri = uri }, position = { line = f.at.line, character = f.at.character } }
    rec.definition = request(client, buf, 'textDocument/definition', params)
    rec.hover = request(client, buf, 'textDocument/hover', params)
  end

  if f.steps then
    rec.steps = {}
    for _, step in ipairs(f.steps) do rec.steps[step.name] = run_step(step, buf, uri) end
  end
  return rec
end

local ok, err = pcall(function()
  for _, f in ipairs(job.files) do table.insert(out.files, run_file(f)) end
end)
if not ok then out.error = tostring(err) end
local fh = assert(io.open(vim.env.WOPT_NVIM_OUT, 'w'))
fh:write(vim.fn.json_encode(out))
fh:close()
vim.cmd('qall!')
