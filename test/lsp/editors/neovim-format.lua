-- Drives Neovim's own LSP client, after the README's init.lua, to format a document on save: waits for the
-- server, sets the buffer's indentation (two spaces), writes the file (the README's BufWritePre formats it), and
-- writes the lines it then holds as JSON to $PREFIXD_TEST_OUT. Polled on a timer: nothing here sleeps.

local out = os.getenv('PREFIXD_TEST_OUT')
local result = { steps = {} }
local deadline = vim.loop.now() + tonumber(os.getenv('PREFIXD_TEST_TIMEOUT') or '40000')

local function finish(err)
  result.error = err and tostring(err) or nil
  result.lines = vim.api.nvim_buf_get_lines(0, 0, -1, false)
  local file = io.open(out, 'w')
  file:write(vim.fn.json_encode(result))
  file:close()
  vim.cmd('qa!')
end

local timer = vim.loop.new_timer()
timer:start(10, 10, vim.schedule_wrap(function()
  if not timer:is_active() then return end
  local clients = vim.lsp.buf_get_clients(0)
  local client = clients[next(clients)]
  if not (client and client.initialized) and vim.loop.now() < deadline then return end
  timer:stop()
  timer:close()
  if not (client and client.initialized) then return finish('timed out waiting for the server') end
  table.insert(result.steps, 'server started')
  vim.bo.expandtab = true
  vim.bo.shiftwidth = 2
  local ok, err = pcall(vim.cmd, 'write')
  if not ok then return finish('write: ' .. tostring(err)) end
  table.insert(result.steps, 'written')
  finish(nil)
end))
