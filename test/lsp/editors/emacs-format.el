;;; emacs-format.el --- formats a document through eglot, after the README's init.el  -*- lexical-binding: t -*-
;; Visits $PREFIXD_TEST_FILE, waits for the server, sets the buffer's indentation (two spaces), calls
;; `eglot-format-buffer', then saves (the README's before-save hook formats again: nothing changes). Writes the
;; buffer's lines as JSON to $PREFIXD_TEST_OUT and exits.

(require 'json)
(require 'eglot)

(defvar prefixd-test-seen nil)
(defun prefixd-test-finish (error)
  (when error (push (cons 'error error) prefixd-test-seen))
  (push (cons 'lines (split-string (buffer-substring-no-properties (point-min) (point-max)) "\n")) prefixd-test-seen)
  (with-temp-file (getenv "PREFIXD_TEST_OUT") (insert (json-encode prefixd-test-seen)))
  (kill-emacs 0))

(condition-case err
    (progn
      (find-file (getenv "PREFIXD_TEST_FILE"))
      (run-hooks 'post-command-hook)
      (let ((deadline (+ (float-time) 40)))
        (while (and (not (eglot-current-server)) (< (float-time) deadline))
          (accept-process-output nil 0.01)))
      (unless (eglot-current-server) (error "timed out waiting for the server"))
      (setq-local indent-tabs-mode nil)
      (setq-local tab-width 2)
      (eglot-format-buffer)
      (push (cons 'formatted (buffer-substring-no-properties (point-min) (point-max))) prefixd-test-seen)
      (save-buffer)
      (prefixd-test-finish nil))
  (error (prefixd-test-finish (error-message-string err))))
