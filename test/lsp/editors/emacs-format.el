;;; emacs-format.el --- formats a document through eglot, after the README's init.el  -*- lexical-binding: t -*-
;; Visits $PREFIXD_TEST_FILE, waits for the server, sets the buffer's indentation (two spaces), calls
;; `eglot-format-buffer', then saves (the README's before-save hook formats again: nothing changes). Writes the
;; buffer's lines as JSON to $PREFIXD_TEST_OUT and exits.

(require 'eglot)
(load (expand-file-name "emacs-steps" (file-name-directory load-file-name)) nil t)

(condition-case err
    (progn
      (find-file (getenv "PREFIXD_TEST_FILE"))
      (run-hooks 'post-command-hook)
      (prefixd-test-wait "the server" (lambda () (eglot-current-server)))
      (setq-local indent-tabs-mode nil)
      (setq-local tab-width 2)
      (eglot-format-buffer)
      (prefixd-test-note 'formatted (buffer-substring-no-properties (point-min) (point-max)))
      (save-buffer)
      (prefixd-test-finish nil))
  (error (prefixd-test-finish (error-message-string err))))
