;;; emacs-steps.el --- what the Emacs drivers share  -*- lexical-binding: t -*-
;; emacs-driver.el (eglot), lsp-mode-driver.el and emacs-format.el: what they saw, written as JSON to
;; $PREFIXD_TEST_OUT with the buffer's lines when they finish; a wait that lets the server's messages in until its
;; value comes (40 s at most); a position by line and column; and a completion accepted as completion-at-point does.
;; A driver loads it from its own folder.

(require 'cl-lib)
(require 'json)
(require 'seq)

(defvar prefixd-test-seen nil)
(defun prefixd-test-note (key value) (push (cons key value) prefixd-test-seen))

(defun prefixd-test-finish (error)
  (when error (prefixd-test-note 'error error))
  (prefixd-test-note 'lines (split-string (buffer-substring-no-properties (point-min) (point-max)) "\n"))
  (with-temp-file (getenv "PREFIXD_TEST_OUT") (insert (json-encode prefixd-test-seen)))
  (kill-emacs 0))

(defun prefixd-test-wait (what test)
  "Wait until TEST gives a value (checking every 10 ms, letting the server's messages in), and return it."
  (let ((deadline (+ (float-time) 40)) value)
    (while (and (not (setq value (funcall test))) (< (float-time) deadline))
      (accept-process-output nil 0.01))
    (unless value (error "timed out waiting for %s" what))
    value))

(defun prefixd-test-line-position (line column)
  (save-excursion (goto-char (point-min)) (forward-line line) (forward-char column) (point)))

(defun prefixd-test-complete (capf name &optional most)
  "Complete with CAPF (a completion-at-point answer) through its own table, noting what was typed and the first
MOST offers (all without MOST), and accept NAME if offered, as completion-at-point does: insert, then exit function."
  (let* ((beg (nth 0 capf))
         (end (nth 1 capf))
         (table (nth 2 capf))
         (props (nthcdr 3 capf))
         (typed (buffer-substring-no-properties beg (point)))
         (offered (all-completions typed table))
         (chosen (cl-find name offered :test #'string=)))
    (prefixd-test-note 'typed typed)
    (prefixd-test-note 'completion (vconcat (mapcar #'substring-no-properties (if most (seq-take offered most) offered))))
    (when chosen
      (delete-region beg end)
      (goto-char beg)
      (insert chosen)
      (funcall (plist-get props :exit-function) chosen 'finished))))

(provide 'emacs-steps)
