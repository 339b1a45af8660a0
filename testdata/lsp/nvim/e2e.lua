-- The Neovim end-to-end test of gortex lsp (cmd/gortex's TestNeovim):
-- Neovim's built-in LSP client starts the server on the repository
-- GORTEX_ROOT, opens cart/pricing.go, hovers Cart.Total, lists the code
-- lenses, edits the method and reads the diagnostic, then opens ADR 0004
-- and jumps from its code span to the method. It writes what it saw to
-- GORTEX_OUT, one "== key" block per step. Written for Neovim 0.7 (Debian
-- 12's) and later.
local bin = assert(os.getenv('GORTEX_BIN'), 'GORTEX_BIN')
local root = assert(os.getenv('GORTEX_ROOT'), 'GORTEX_ROOT')
local out = assert(os.getenv('GORTEX_OUT'), 'GORTEX_OUT')
local timeout = 30000

local report = {}
local function say(key, value)
  table.insert(report, '== ' .. key)
  table.insert(report, value)
end
local function finish()
  vim.fn.writefile(vim.split(table.concat(report, '\n'), '\n', { plain = true }), out)
  vim.cmd('qall!')
end

local ok, err = pcall(function()
  vim.cmd('edit ' .. vim.fn.fnameescape(root .. '/cart/pricing.go'))
  local buf = vim.api.nvim_get_current_buf()
  local ready = false
  local id = vim.lsp.start_client({
    name = 'gortex',
    cmd = { bin, 'lsp' },
    root_dir = root,
    on_init = function() ready = true end,
  })
  assert(id, 'the client did not start')
  vim.lsp.buf_attach_client(buf, id)
  assert(vim.wait(timeout, function() return ready end, 50), 'the server did not initialize')

  -- Hover on the method's name in its declaration.
  local lnum, col
  for i, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    local s = line:find('func (c *Cart) Total', 1, true)
    if s then lnum, col = i - 1, line:find('Total', s, true) end
  end
  assert(lnum, 'no Cart.Total in cart/pricing.go')
  local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = lnum, character = col } }
  local res = vim.lsp.buf_request_sync(buf, 'textDocument/hover', params, timeout)
  local text = ''
  for _, r in pairs(res or {}) do
    if r.error then error('hover: ' .. vim.inspect(r.error)) end
    if r.result and r.result.contents then text = r.result.contents.value or '' end
  end
  say('hover', text)

  -- The code lenses of the file.
  res = vim.lsp.buf_request_sync(buf, 'textDocument/codeLens', { textDocument = { uri = vim.uri_from_bufnr(buf) } }, timeout)
  local lenses = {}
  for _, r in pairs(res or {}) do
    for _, l in ipairs(r.result or {}) do
      table.insert(lenses, (l.range.start.line + 1) .. ': ' .. ((l.command or {}).title or ''))
    end
  end
  say('lenses', table.concat(lenses, '\n'))

  -- Edit the method's body, unsaved, and wait for the diagnostic.
  local body = lnum + 1
  local old = vim.api.nvim_buf_get_lines(buf, body, body + 1, false)[1]
  vim.api.nvim_buf_set_lines(buf, body, body + 1, false, { old .. ' + 1' })
  local diags = {}
  vim.wait(timeout, function()
    diags = vim.diagnostic.get(buf)
    return #diags > 0
  end, 50)
  local found = {}
  for _, d in ipairs(diags) do
    table.insert(found, (d.lnum + 1) .. ': ' .. d.message)
  end
  say('diagnostics', table.concat(found, '\n'))

  -- Undo the edit: the diagnostic goes.
  vim.api.nvim_buf_set_lines(buf, body, body + 1, false, { old })
  local cleared = vim.wait(timeout, function() return #vim.diagnostic.get(buf) == 0 end, 50)
  say('cleared', tostring(cleared))

  -- From ADR 0004's code span to the method.
  vim.cmd('edit ' .. vim.fn.fnameescape(root .. '/docs/adr/0004-money-in-integer-cents.md'))
  local adr = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(adr, id)
  local spanLine, spanCol
  for i, line in ipairs(vim.api.nvim_buf_get_lines(adr, 0, -1, false)) do
    local s = line:find('`Cart.Total`', 1, true)
    if s and not spanLine then spanLine, spanCol = i - 1, s + 1 end
  end
  assert(spanLine, 'no `Cart.Total` in ADR 0004')
  res = vim.lsp.buf_request_sync(adr, 'textDocument/definition',
    { textDocument = { uri = vim.uri_from_bufnr(adr) }, position = { line = spanLine, character = spanCol } }, timeout)
  local target
  for _, r in pairs(res or {}) do
    if r.result and r.result[1] then target = r.result[1] end
  end
  assert(target, 'no definition for `Cart.Total`')
  vim.lsp.util.jump_to_location(target, 'utf-16')
  local cur = vim.api.nvim_win_get_cursor(0)
  say('definition', vim.api.nvim_buf_get_name(0) .. ':' .. cur[1] .. ': ' .. vim.api.nvim_get_current_line())
end)
if not ok then say('error', tostring(err)) end
finish()
