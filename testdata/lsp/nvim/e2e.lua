-- The Neovim end-to-end test of gortex lsp (cmd/gortex's TestNeovim):
-- Neovim's built-in LSP client starts the server on the repository
-- GORTEX_ROOT, opens cart/pricing.go, hovers Cart.Total and writes what it
-- read to GORTEX_OUT, one "key: value" block per step. Written for
-- Neovim 0.7 (Debian 12's) and later.
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
end)
if not ok then say('error', tostring(err)) end
finish()
