-- neovim.lua - `clsynclint --lsp` end to end in Neovim's built-in client.
--
-- Run by neovim.sh in a directory holding kernel.cl (a corpus kernel with a
-- barrier-fence finding and a fix-it) and fixed.cl (its fixed twin), with the
-- Neovim set-up of docs/editors.md in setup.lua.  Writes its checks to
-- result.txt ("ok: ..." / "FAIL: ...") and quits with status 0, or 1 when
-- a check failed.
local out, failed = {}, false
local function check(cond, what, got)
  if cond then
    table.insert(out, 'ok: ' .. what)
  else
    failed = true
    local g = got ~= nil and (' -- got: ' .. vim.inspect(got):gsub('\n', ' ')) or ''
    table.insert(out, 'FAIL: ' .. what .. g)
  end
end
local function finish()
  vim.fn.writefile(out, 'result.txt')
  vim.cmd(failed and 'cquit 1' or 'qa!')
end

-- The client's exit, and every publishDiagnostics, seen from here.
local exit_code, exit_signal
local real_start = vim.lsp.start_client
vim.lsp.start_client = function(config)
  config.on_exit = function(code, signal) exit_code, exit_signal = code, signal end
  return real_start(config)
end
local published = {}
local real_publish = vim.lsp.handlers['textDocument/publishDiagnostics']
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
  table.insert(published, result)
  return real_publish(err, result, ctx, config)
end

-- The documented set-up, then the kernel.
dofile('setup.lua')
vim.cmd('edit kernel.cl')
local buf = vim.api.nvim_get_current_buf()
-- (The client is listed once the server has answered initialize.)
vim.wait(30000, function() return next(vim.lsp.buf_get_clients(buf)) ~= nil end, 20)
local client_id = next(vim.lsp.buf_get_clients(buf))
check(client_id ~= nil, 'the documented set-up attaches clsynclint to a .cl buffer')
if not client_id then return finish() end

-- Wait for the diagnostics of the buffer's current text: a publish whose
-- version is the buffer's (Neovim sends its changedtick as the version).
local function wait_current(what)
  local ok = vim.wait(60000, function()
    local p = published[#published]
    return p ~= nil and p.version == vim.lsp.util.buf_versions[buf]
  end, 20)
  check(ok, what .. ': diagnostics for the current text arrive',
        { published = #published, version = vim.lsp.util.buf_versions[buf] })
  return vim.diagnostic.get(buf)
end

local bad_line
for i, l in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
  if l:match('^%s*barrier%(0%)') then bad_line = i - 1 end
end

local diags = wait_current('open')
check(#diags == 1, 'one diagnostic on the kernel', diags)
local d = diags[1] or { user_data = { lsp = {} } }
check(d.code == 'barrier-fence' and d.source == 'clsynclint', 'code barrier-fence, source clsynclint',
      { d.code, d.source })
check(d.severity == vim.diagnostic.severity.ERROR, 'severity error', d.severity)
check(d.lnum == bad_line and d.col == 4, 'at the barrier(0), line ' .. tostring(bad_line) .. ' column 4',
      { d.lnum, d.col })
local lsp = d.user_data and d.user_data.lsp or {}
check(lsp.codeDescription and lsp.codeDescription.href:match('docs/rules/barrier%-fence%.md$'),
      'codeDescription links the rule page', lsp.codeDescription)
check(lsp.relatedInformation and #lsp.relatedInformation == 2, 'two related locations (the accesses)',
      lsp.relatedInformation)

-- The quick fix at the finding, applied as the client would.
vim.api.nvim_win_set_cursor(0, { bad_line + 1, 6 })
local params = vim.lsp.util.make_range_params()
params.context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(buf) }
local res = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', params, 10000) or {}
local actions = res[client_id] and res[client_id].result or {}
check(#actions == 1 and actions[1].kind == 'quickfix' and actions[1].edit ~= nil,
      'codeAction at the finding: one quick fix with an edit', res)
if actions[1] and actions[1].edit then
  vim.lsp.util.apply_workspace_edit(actions[1].edit, 'utf-16')
end
local line = vim.api.nvim_buf_get_lines(buf, bad_line, bad_line + 1, false)[1]
check(line:match('^%s*barrier%(CLK_LOCAL_MEM_FENCE%);') ~= nil, 'the edit fixes the barrier', line)
diags = wait_current('after the quick fix')
check(#diags == 0, 'after the quick fix, no diagnostic', diags)

-- Back to the bad text, then the whole fixed twin: the finding comes and goes.
vim.cmd('silent undo')
diags = wait_current('after undo')
check(#diags == 1, 'undo brings the finding back', diags)
vim.api.nvim_buf_set_lines(buf, 0, -1, false, vim.fn.readfile('fixed.cl'))
diags = wait_current('the fixed kernel')
check(#diags == 0, 'the fixed kernel: no diagnostic', diags)

-- Shutdown and exit: the server ends with status 0.
vim.lsp.stop_client(client_id)
vim.wait(10000, function() return exit_code ~= nil end, 20)
check(exit_code == 0 and exit_signal == 0, 'shutdown/exit: exit code 0', { exit_code, exit_signal })
finish()
