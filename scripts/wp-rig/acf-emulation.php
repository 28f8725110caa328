<?php
/**
 * "acf=ids" (scripts/wp-rig.sh mode): the rig answers like WordPress with the real Advanced Custom Fields plugin
 * and the companion plugin's field groups (wordpress/lrjn-companion/includes/acf-field-groups.php). Loaded by
 * mu-plugin.php in that mode only.
 *
 * What it copies from ACF (5.11+, 6.x), and only that:
 *  - `class ACF` exists, so the companion plugin's own `acf` REST field (acf-fields.php) and its meta boxes
 *    switch off, as they do beside the real plugin;
 *  - `acf_add_local_field_group()` collects the groups the companion registers on `acf/include_fields` /
 *    `acf/init`; only groups with "Show in REST API" reach REST, and only the fields they define;
 *  - the `acf` REST field gives ACF's raw ("light") values unless the request has `acf_format=standard`: image and
 *    file fields as attachment IDs (integers), galleries as lists of IDs, dates as stored (Ymd), true/false as
 *    booleans. With `acf_format=standard` each field is formatted per its return format: an image array (ACF's
 *    acf_get_attachment() keys), a URL or an ID; dates per `return_format`. A URL field is returned as stored,
 *    so an upload's ID typed into one stays an ID (the site resolves those with /wp/v2/media?include=).
 * Simplification: a post with none of its fields stored gives `[]`, as the companion's own field does (real ACF
 * would give every field of the group, empty).
 *
 * @package WPRig
 */

defined( 'ABSPATH' ) || exit;

if ( ! class_exists( 'ACF' ) ) {
	/**
	 * Stands in for ACF's main class: plugins test `class_exists( 'ACF' )` to know ACF is active.
	 */
	class ACF {
		/** @var string */
		public $version = '6.2.0-wprig';
	}
}

$GLOBALS['wprig_acf_groups'] = array();

if ( ! function_exists( 'acf_add_local_field_group' ) ) {
	/**
	 * Collects a local field group (ACF's function of the same name).
	 *
	 * @param array $group ACF field group array.
	 * @return bool
	 */
	function acf_add_local_field_group( $group ) {
		if ( ! is_array( $group ) || empty( $group['key'] ) ) {
			return false;
		}
		$GLOBALS['wprig_acf_groups'][ $group['key'] ] = $group;
		return true;
	}
}

// ACF fires these from its own `init` callback (priority 5).
add_action(
	'init',
	static function () {
		do_action( 'acf/include_fields', 6 );
		do_action( 'acf/init' );
	},
	5
);

/**
 * ACF's image/file array of an attachment (the keys of acf_get_attachment()), or false when it does not exist.
 *
 * @param int $id Attachment ID.
 * @return array|false
 */
function wprig_acf_attachment( $id ) {
	$post = get_post( (int) $id );
	if ( ! $post || 'attachment' !== $post->post_type ) {
		return false;
	}
	$meta = wp_get_attachment_metadata( $post->ID );
	$url  = wp_get_attachment_url( $post->ID );
	list( $type, $subtype ) = array_pad( explode( '/', (string) $post->post_mime_type, 2 ), 2, '' );
	return array(
		'ID'          => $post->ID,
		'id'          => $post->ID,
		'title'       => $post->post_title,
		'filename'    => wp_basename( (string) $url ),
		'url'         => $url,
		'link'        => get_attachment_link( $post->ID ),
		'alt'         => (string) get_post_meta( $post->ID, '_wp_attachment_image_alt', true ),
		'author'      => (string) $post->post_author,
		'description' => $post->post_content,
		'caption'     => $post->post_excerpt,
		'name'        => $post->post_name,
		'status'      => $post->post_status,
		'uploaded_to' => $post->post_parent,
		'date'        => $post->post_date_gmt,
		'modified'    => $post->post_modified_gmt,
		'menu_order'  => $post->menu_order,
		'mime_type'   => $post->post_mime_type,
		'type'        => $type,
		'subtype'     => $subtype,
		'icon'        => wp_mime_type_icon( $post->ID ),
		'width'       => is_array( $meta ) && isset( $meta['width'] ) ? (int) $meta['width'] : 0,
		'height'      => is_array( $meta ) && isset( $meta['height'] ) ? (int) $meta['height'] : 0,
	);
}

/**
 * One attachment in a field's return format.
 *
 * @param mixed  $value         Stored value (an attachment ID).
 * @param string $return_format array, url or id.
 * @return mixed
 */
function wprig_acf_format_attachment( $value, $return_format ) {
	if ( ! is_numeric( $value ) || (int) $value <= 0 ) {
		return $value ? $value : false;
	}
	if ( 'id' === $return_format ) {
		return (int) $value;
	}
	if ( 'url' === $return_format ) {
		$url = wp_get_attachment_url( (int) $value );
		return $url ? $url : false;
	}
	return wprig_acf_attachment( (int) $value );
}

/**
 * A stored value as ACF's REST API gives it.
 *
 * @param mixed  $value  Stored (unserialized) value.
 * @param array  $field  ACF field array.
 * @param string $format 'light' (raw) or 'standard' (formatted).
 * @return mixed
 */
function wprig_acf_rest_value( $value, array $field, $format ) {
	$type   = isset( $field['type'] ) ? $field['type'] : 'text';
	$return = isset( $field['return_format'] ) ? $field['return_format'] : '';
	switch ( $type ) {
		case 'image':
		case 'file':
			if ( 'standard' === $format ) {
				return wprig_acf_format_attachment( $value, $return );
			}
			return is_numeric( $value ) ? (int) $value : $value;
		case 'gallery':
			$ids = is_array( $value ) ? $value : array_filter( explode( ',', (string) $value ), 'strlen' );
			if ( 'standard' === $format ) {
				return array_values( array_filter( array_map( static fn( $id ) => wprig_acf_format_attachment( $id, $return ), $ids ) ) );
			}
			return array_map( static fn( $id ) => is_numeric( $id ) ? (int) $id : $id, array_values( $ids ) );
		case 'true_false':
			return (bool) filter_var( $value, FILTER_VALIDATE_BOOLEAN );
		case 'number':
			return is_numeric( $value ) ? $value + 0 : null;
		case 'date_picker':
			if ( 'standard' !== $format || ! is_string( $value ) || '' === $value ) {
				return $value;
			}
			$date = DateTime::createFromFormat( '!Ymd', $value );
			$date = $date ? $date : DateTime::createFromFormat( '!Y-m-d', $value );
			return $date ? $date->format( $return ? $return : 'd/m/Y' ) : $value;
		default:
			return $value;
	}
}

add_action(
	'rest_api_init',
	static function () {
		$by_type = array();
		foreach ( $GLOBALS['wprig_acf_groups'] as $group ) {
			if ( empty( $group['show_in_rest'] ) || empty( $group['location'] ) ) {
				continue;
			}
			foreach ( (array) $group['location'] as $rules ) {
				foreach ( (array) $rules as $rule ) {
					if ( isset( $rule['param'], $rule['value'] ) && 'post_type' === $rule['param'] && '==' === ( $rule['operator'] ?? '==' ) ) {
						foreach ( (array) $group['fields'] as $field ) {
							$by_type[ $rule['value'] ][ $field['name'] ] = $field;
						}
					}
				}
			}
		}
		foreach ( $by_type as $post_type => $fields ) {
			if ( ! post_type_exists( $post_type ) ) {
				continue;
			}
			register_rest_field(
				$post_type,
				'acf',
				array(
					'get_callback' => static function ( $data, $name, $request ) use ( $fields ) {
						$id     = isset( $data['id'] ) ? (int) $data['id'] : 0;
						$format = 'standard' === $request->get_param( 'acf_format' ) ? 'standard' : 'light';
						$all    = $id ? get_post_meta( $id ) : array();
						$found  = false;
						$acf    = array();
						foreach ( $fields as $field_name => $field ) {
							if ( ! isset( $all[ $field_name ][0] ) ) {
								$acf[ $field_name ] = null;
								continue;
							}
							$found               = true;
							$acf[ $field_name ] = wprig_acf_rest_value( maybe_unserialize( $all[ $field_name ][0] ), $field, $format );
						}
						return $found ? $acf : array();
					},
					'schema'       => array(
						'type'    => array( 'object', 'array' ),
						'context' => array( 'view', 'edit', 'embed' ),
					),
				)
			);
		}
	},
	20
);
