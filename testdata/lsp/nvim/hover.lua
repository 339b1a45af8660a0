-- A hover of gortex lsp in Neovim's own screen, for the picture in
-- docs/lsp.md (cmd/gortex's TestNeovimHoverPicture runs it in tmux and
-- renders the screen). Neovim's built-in client starts the server on
-- GORTEX_ROOT, opens cart/pricing.go with the cursor on Cart.Total, shows
-- the code lenses and asks for the hover; once its window is up it writes
-- "shown" (or what went wrong) to GORTEX_OUT. Written for Neovim 0.7
-- (Debian 12's) and later.
local bin = assert(os.getenv('GORTEX_BIN'), 'GORTEX_BIN')
local root = assert(os.getenv('GORTEX_ROOT'), 'GORTEX_ROOT')
local out = assert(os.getenv('GORTEX_OUT'), 'GORTEX_OUT')

local function say(s) vim.fn.writefile({ s }, out) end

vim.o.number = true
vim.o.laststatus = 0
vim.o.ruler = false
vim.o.showmode = false
vim.o.shortmess = vim.o.shortmess .. 'F'
vim.cmd('syntax on')
-- Neovim 0.7 draws floating windows in the popup menu's magenta: a quieter
-- grey, as most colour schemes have.
vim.cmd('highlight NormalFloat ctermbg=236 ctermfg=252')
vim.lsp.handlers['textDocument/hover'] = vim.lsp.with(vim.lsp.handlers.hover, { max_width = 90 })
vim.cmd('edit ' .. vim.fn.fnameescape(root .. '/cart/pricing.go'))
local buf = vim.api.nvim_get_current_buf()
local ready = false
local id = vim.lsp.start_client({
  name = 'gortex',
  cmd = { bin, 'lsp' },
  root_dir = root,
  on_init = function() ready = true end,
})
vim.lsp.buf_attach_client(buf, id)

local lnum, col
for i, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
  local s = line:find('func (c *Cart) Total', 1, true)
  if s then lnum, col = i, line:find('Total', s, true) end
end
if not lnum then
  say('no Cart.Total in cart/pricing.go')
  return
end
vim.api.nvim_win_set_cursor(0, { lnum, col - 1 })
vim.cmd('normal! zt')
vim.cmd('normal! 3\25') -- three lines of context above the method

local tries = 0
local asked = false
local function float()
  for _, w in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(w).relative ~= '' then return w end
  end
end
local function step()
  tries = tries + 1
  if tries > 300 then
    say(asked and 'no hover window' or 'the server did not initialize')
    return
  end
  if not ready then return vim.defer_fn(step, 100) end
  if not asked then
    asked = true
    pcall(vim.lsp.codelens.refresh)
    vim.lsp.buf.hover()
    return vim.defer_fn(step, 100)
  end
  if float() then
    vim.defer_fn(function() vim.cmd('redraw!') say('shown') end, 500)
    return
  end
  vim.defer_fn(step, 100)
end
vim.defer_fn(step, 100)
