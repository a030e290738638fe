-- Drives Neovim's own LSP client, after the README's init.lua, to format a document on save: waits for the
-- server, sets the buffer's indentation (two spaces), writes the file (the README's BufWritePre formats it), and
-- writes the lines it then holds as JSON to $PREFIXD_TEST_OUT. Polled on a timer: nothing here sleeps.

local steps = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'neovim-steps.lua')

steps.when('server started', steps.started, function()
  vim.bo.expandtab = true
  vim.bo.shiftwidth = 2
  local ok, err = pcall(vim.cmd, 'write')
  if not ok then return steps.finish('write: ' .. tostring(err)) end
  table.insert(steps.result.steps, 'written')
  steps.finish(nil)
end)
