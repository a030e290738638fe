-- Neovim's built-in completion (<C-x><C-o>, README's init.lua) asked once after `foaf:`, then narrowed by typing `kn`
-- as a person does: Neovim filters the list it was given and asks the server nothing more (it reads no
-- isIncomplete), so what it finds is what the first list held. Writes the words it shows after the typing.

local steps = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'neovim-steps.lua')
local result, finish, when = steps.result, steps.finish, steps.when

-- What most configurations set (and Neovim's own completion plugins ask for): nothing inserted until chosen, so typing narrows.
vim.o.completeopt = 'menu,menuone,noselect'

when('server started', steps.started, function()
  steps.complete_at_end(function(items)
    result.first = #items
    vim.api.nvim_feedkeys('kn', 't', false)
    when('narrowed', function()
      if vim.fn.getline('.'):sub(-2) ~= 'kn' then return nil end
      -- No item left that starts so: the menu closes.
      if vim.fn.pumvisible() ~= 1 then return 0 end
      local size = vim.fn.pum_getpos().size
      return size ~= nil and size < #items and size
    end, function(size)
      result.narrowed = size
      if size == 0 then return finish(nil) end
      -- The first item the narrowed menu offers, chosen: <C-n> inserts it.
      vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes('<C-n>', true, false, true), 't', false)
      when('chosen', function()
        local line = vim.fn.getline('.')
        return line ~= 'ex:alice foaf:kn' and line
      end, function(line)
        result.chosen = line
        finish(nil)
      end)
    end)
  end)
end)
